/** The calls behind keys and privacy, returning the shared types. */
import type { ApiKey, KeyScope, NewApiKey, Privacy } from '../../../../shared/access';
import { http } from '../../lib/http';

export function listKeys(): Promise<ApiKey[]> {
  return http.get<ApiKey[]>('/api/keys');
}

export function createKey(name: string, scope: KeyScope = 'full'): Promise<NewApiKey> {
  return http.post<NewApiKey>('/api/keys', { name, scope });
}

export function revokeKey(id: string): Promise<{ ok: boolean }> {
  return http.delete<{ ok: boolean }>(`/api/keys/${encodeURIComponent(id)}`);
}

export function setPrivacy(isPrivate: boolean): Promise<Privacy> {
  return http.put<Privacy>('/api/user/privacy', { private: isPrivate });
}
