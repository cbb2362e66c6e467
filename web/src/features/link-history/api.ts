/** The link history's one call to the API. */
import { linkHistoryPath, type LinkHistoryEntry } from '../../../../shared/link-history';
import { http } from '../../lib/http';

/** The link's history, newest first. */
export function getLinkHistory(id: string): Promise<LinkHistoryEntry[]> {
  return http.get<LinkHistoryEntry[]>(linkHistoryPath(id));
}
