/** The calls behind share links: the owner's (with the session) and a share's own (with its token). */
import {
  sharedApiPath,
  type NewShareInput,
  type NewShareLink,
  type ShareLink,
  type SharedView,
} from '../../../../shared/shares';
import type { WebhookEvent } from '../../../../shared/webhooks';
import { apiBase, http } from '../../lib/http';

export function listShares(): Promise<ShareLink[]> {
  return http.get<ShareLink[]>('/api/shares');
}

export function createShare(input: NewShareInput): Promise<NewShareLink> {
  return http.post<NewShareLink>('/api/shares', input);
}

export function revokeShare(id: string): Promise<{ ok: boolean }> {
  return http.delete<{ ok: boolean }>(`/api/shares/${encodeURIComponent(id)}`);
}

export function getSharedView(token: string): Promise<SharedView> {
  return http.get<SharedView>(sharedApiPath(token));
}

/** A page of the shared requests, newest first: newer than `after`, or older than `before`. */
export function listSharedEvents(token: string, cursor: { after?: number; before?: number } = {}) {
  const query = new URLSearchParams();
  if (cursor.after !== undefined) query.set('after', String(cursor.after));
  if (cursor.before !== undefined) query.set('before', String(cursor.before));
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return http.get<WebhookEvent[]>(`${sharedApiPath(token, '/events')}${search}`);
}

/** The export's address: a plain link, since the token in it is all it needs. */
export function sharedExportUrl(token: string, format: 'har' | 'ndjson'): string {
  return `${apiBase}${sharedApiPath(token, '/export')}?format=${format}`;
}
