import { normalizeTag, type TagAnalytics, type TagCount } from '../../../../shared/link-tags.js';
import type { AnalyticsPeriod } from '../../../../shared/links.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { NotFoundError } from '../../http/errors.js';
import { periodStart } from './clicks.service.js';
import type { TagsRepo } from './tags.repo.js';

export interface TagsService {
  /** The user's tags with how many of their links carry each, alphabetically. */
  list(user: SessionUser): Promise<TagCount[]>;
  /**
   * Total clicks, unique visitors and clicks per day across the user's links carrying `tag` (any
   * case); NotFoundError when none of them does.
   */
  analytics(user: SessionUser, tag: string, period: AnalyticsPeriod): Promise<TagAnalytics>;
}

const NO_SUCH_TAG_MESSAGE = 'None of your links has this tag.';

export function createTagsService(deps: { repo: TagsRepo; now?: () => number }): TagsService {
  const { repo } = deps;
  const now = deps.now ?? Date.now;
  return {
    list: (user) => repo.counts(user.sessionId),
    async analytics(user, rawTag, period) {
      const tag = normalizeTag(rawTag);
      if (tag === null) throw new NotFoundError(NO_SUCH_TAG_MESSAGE);
      const since = periodStart(period, now());
      const [totals, byDay] = await Promise.all([
        repo.totals(user.sessionId, tag, since),
        repo.byDay(user.sessionId, tag, since),
      ]);
      if (totals.links === 0) throw new NotFoundError(NO_SUCH_TAG_MESSAGE);
      return {
        tag,
        links: totals.links,
        totalClicks: totals.clicks,
        uniqueVisitors: totals.uniqueVisitors,
        byDay,
        period,
      };
    },
  };
}
