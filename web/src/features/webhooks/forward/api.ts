/** How many forwarders are connected to the session now. */
import type { ForwardersPayload } from '../../../../../shared/realtime';
import { http } from '../../../lib/http';

export function getForwarders(): Promise<ForwardersPayload> {
  return http.get<ForwardersPayload>('/api/forwarders');
}
