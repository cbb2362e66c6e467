/** The calls behind an inspector's name, returning the shared types. */
import type { InspectorName } from '../../../../shared/inspectors';
import { http } from '../../lib/http';

export function getName(): Promise<InspectorName> {
  return http.get<InspectorName>('/api/user/name');
}

export function setName(name: string | null): Promise<InspectorName> {
  return http.put<InspectorName>('/api/user/name', { name });
}
