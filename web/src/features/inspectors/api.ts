/** The calls behind an inspector's name, settings and the switcher, returning the shared types. */
import type { EventsCount } from '../../../../shared/event-search';
import type {
  InspectorName,
  InspectorSettings,
  InspectorSettingsChange,
  NewInspector,
} from '../../../../shared/inspectors';
import { http, requestAs, type CallerIdentity } from '../../lib/http';

export function getName(): Promise<InspectorName> {
  return http.get<InspectorName>('/api/user/name');
}

export function setName(name: string | null): Promise<InspectorName> {
  return http.put<InspectorName>('/api/user/name', { name });
}

export function getSettings(): Promise<InspectorSettings> {
  return http.get<InspectorSettings>('/api/user/inspector');
}

export function changeSettings(change: InspectorSettingsChange): Promise<InspectorSettings> {
  return http.put<InspectorSettings>('/api/user/inspector', change);
}

export function createInspector(name: string | null): Promise<NewInspector> {
  return http.post<NewInspector>('/api/inspectors', name ? { name } : {});
}

/** The calls the switcher makes as any inspector of this browser, shown or not. */
export function nameOf(caller: CallerIdentity): Promise<InspectorName> {
  return requestAs<InspectorName>(caller, 'GET', '/api/user/name');
}

export function countOf(caller: CallerIdentity): Promise<EventsCount> {
  return requestAs<EventsCount>(caller, 'GET', '/api/events/count');
}

export function renameAs(caller: CallerIdentity, name: string | null): Promise<InspectorName> {
  return requestAs<InspectorName>(caller, 'PUT', '/api/user/name', { name });
}

export function deleteInspector(caller: CallerIdentity): Promise<void> {
  const confirm = encodeURIComponent(caller.sessionId);
  return requestAs<void>(caller, 'DELETE', `/api/user/inspector?confirm=${confirm}`);
}
