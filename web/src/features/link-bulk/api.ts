/** Calls of importing and exporting links. */
import { LINKS_BULK_PATH, LINKS_EXPORT_PATH, type BulkResult } from '../../../../shared/link-bulk';
import type { ShortUrl } from '../../../../shared/links';
import { activeSessionId, apiBase, http } from '../../lib/http';
import type { ImportItem } from './import-rows';

export function createLinks(items: ImportItem[]): Promise<BulkResult<ShortUrl>[]> {
  return http.post<BulkResult<ShortUrl>[]>(LINKS_BULK_PATH, items);
}

/** The externalIds the session's links have now. */
export async function currentExternalIds(): Promise<Set<string>> {
  const links = await http.get<ShortUrl[]>('/api/urls');
  return new Set(links.flatMap((link) => (link.externalId === null ? [] : [link.externalId])));
}

/** Address of the links CSV; a link cannot send headers, so the session rides in the query. */
export function linksCsvUrl(): string {
  const sessionId = activeSessionId();
  const path = `${apiBase}${LINKS_EXPORT_PATH}?format=csv`;
  return sessionId ? `${path}&sessionId=${encodeURIComponent(sessionId)}` : path;
}
