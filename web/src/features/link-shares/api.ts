/** The calls behind analytics links: the owner's (with the session) and a share's own (its token). */
import {
  sharedLinkApiPath,
  type LinkShare,
  type NewLinkShareAnswer,
  type NewLinkShareInput,
  type SharedLinkAnalytics,
} from '../../../../shared/link-shares';
import type { AnalyticsPeriod } from '../../../../shared/links';
import { http } from '../../lib/http';

export function listLinkShares(linkId: string): Promise<LinkShare[]> {
  return http.get<LinkShare[]>(`/api/link-shares?linkId=${encodeURIComponent(linkId)}`);
}

export function createLinkShare(input: NewLinkShareInput): Promise<NewLinkShareAnswer> {
  return http.post<NewLinkShareAnswer>('/api/link-shares', input);
}

export function revokeLinkShare(id: string): Promise<{ ok: boolean }> {
  return http.delete<{ ok: boolean }>(`/api/link-shares/${encodeURIComponent(id)}`);
}

export function getSharedLinkAnalytics(token: string, period: AnalyticsPeriod): Promise<SharedLinkAnalytics> {
  return http.get<SharedLinkAnalytics>(`${sharedLinkApiPath(token)}?period=${period}`);
}
