/** The URL Shortener's calls to the API, returning the shared types. */
import {
  analyticsPath,
  type AnalyticsPeriod,
  type ShortUrl,
  type UrlAnalytics,
} from '../../../../shared/links';
import { ORPHAN_VISITS_PATH, type OrphanVisits } from '../../../../shared/orphan-visits';
import { activeSessionId, ApiError, apiBase, http } from '../../lib/http';
import type { OptionsBody } from './link-form';

export function listUrls(): Promise<ShortUrl[]> {
  return http.get<ShortUrl[]>('/api/urls');
}

export function addUrl(url: string, options: OptionsBody = {}): Promise<ShortUrl> {
  return http.post<ShortUrl>('/api/urls', { url, ...options });
}

export function updateUrl(id: string, url: string, options: OptionsBody = {}): Promise<ShortUrl> {
  return http.put<ShortUrl>(`/api/urls/${encodeURIComponent(id)}`, { url, ...options });
}

export function deleteUrl(id: string): Promise<{ ok: boolean }> {
  return http.delete<{ ok: boolean }>(`/api/urls/${encodeURIComponent(id)}`);
}

/** The owner's analytics of one link; null when the server answered with an empty body. */
export async function getAnalytics(
  id: string,
  period: AnalyticsPeriod = 'all',
): Promise<UrlAnalytics | null> {
  // react-query refuses `undefined` as data, so an empty answer becomes null.
  return (await http.get<UrlAnalytics | undefined>(analyticsPath(id, undefined, period))) ?? null;
}

/** Address of the CSV download; a link cannot send headers, so the session rides in the query. */
export function analyticsCsvUrl(id: string): string {
  const sessionId = activeSessionId();
  const path = `${apiBase}${analyticsPath(id, 'csv')}`;
  return sessionId ? `${path}&sessionId=${encodeURIComponent(sessionId)}` : path;
}

/** Retry policy for queries: a 4xx answer will not change by asking again; other failures get two more tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** Visits to the short links the session deleted or renamed away, without IP addresses. */
export function getOrphanVisits(): Promise<OrphanVisits> {
  return http.get<OrphanVisits>(ORPHAN_VISITS_PATH);
}
