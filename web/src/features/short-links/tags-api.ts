/** The URL Shortener's calls about tags. */
import { tagAnalyticsPath, type TagAnalytics } from '../../../../shared/link-tags';
import { http } from '../../lib/http';

/** Clicks, unique visitors and clicks per day across the session's links carrying `tag`, of all time. */
export function getTagAnalytics(tag: string): Promise<TagAnalytics> {
  return http.get<TagAnalytics>(tagAnalyticsPath(tag));
}
