/** The calls behind destination checks. */
import type { LinkCheck } from '../../../../shared/link-checks';
import { http } from '../../lib/http';

export function listLinkChecks(): Promise<LinkCheck[]> {
  return http.get<LinkCheck[]>('/api/link-checks');
}

export function checkLink(id: string): Promise<LinkCheck> {
  return http.post<LinkCheck>(`/api/urls/${encodeURIComponent(id)}/check`);
}
