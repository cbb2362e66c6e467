/** Click webhooks' calls to the API, returning the shared types. */
import type {
  LinkWebhook,
  LinkWebhookCreate,
  LinkWebhookDelivery,
  LinkWebhookUpdate,
} from '../../../../shared/link-webhooks';
import { http } from '../../lib/http';

const base = '/api/link-webhooks';
const pathOf = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const listEndpoints = () => http.get<LinkWebhook[]>(base);
export const addEndpoint = (body: LinkWebhookCreate) => http.post<LinkWebhook>(base, body);
export const updateEndpoint = (id: string, body: LinkWebhookUpdate) =>
  http.patch<LinkWebhook>(pathOf(id), body);
export const deleteEndpoint = (id: string) => http.delete<{ ok: boolean }>(pathOf(id));
export const listDeliveries = (id: string) => http.get<LinkWebhookDelivery[]>(`${pathOf(id)}/deliveries`);
