/** Relays' calls to the API, returning the shared types. */
import type { Relay, RelayAttempt, RelayCreate, RelayUpdate } from '../../../../shared/relays';
import { http } from '../../lib/http';

const base = '/api/relays';
const pathOf = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const listRelays = () => http.get<Relay[]>(base);
export const addRelay = (body: RelayCreate) => http.post<Relay>(base, body);
export const updateRelay = (id: string, body: RelayUpdate) => http.patch<Relay>(pathOf(id), body);
export const deleteRelay = (id: string) => http.delete<{ ok: boolean }>(pathOf(id));
export const listAttempts = (eventId: number) => http.get<RelayAttempt[]>(`${base}/attempts/${eventId}`);
