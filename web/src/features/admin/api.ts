/** The Admin panel's calls to the API, returning the shared types. */
import type {
  Suggestion,
  SuggestionStats,
  SuggestionStatus,
  UpdateSuggestionInput,
} from '../../../../shared/suggestions';
import type { AdminLink } from '../../../../shared/links';
import type { DeletedRequests, SessionsOverview, SessionUsage } from '../../../../shared/admin';
import { ADMIN_ORPHAN_VISITS_PATH, type OrphanVisits } from '../../../../shared/orphan-visits';
import { http } from '../../lib/http';

/** Every suggestion, or only those with `status`; newest first. */
export function listSuggestions(status: SuggestionStatus | null): Promise<Suggestion[]> {
  const path = status ? `/api/admin/suggestions/${encodeURIComponent(status)}` : '/api/admin/suggestions';
  return http.get<Suggestion[]>(path);
}

export function getSuggestionStats(): Promise<SuggestionStats> {
  return http.get<SuggestionStats>('/api/admin/suggestions-stats');
}

export function updateSuggestion(id: number, change: UpdateSuggestionInput): Promise<Suggestion> {
  return http.put<Suggestion>(`/api/admin/suggestions/${id}`, change);
}

/** Any session's links whose destination host contains `query` or whose id is `query`. */
export function searchLinks(query: string): Promise<AdminLink[]> {
  return http.get<AdminLink[]>(`/api/admin/links?q=${encodeURIComponent(query)}`);
}

/** Disables (410 for visitors) or re-enables a link. */
export function setLinkDisabled(id: string, disabled: boolean): Promise<AdminLink> {
  return http.put<AdminLink>(`/api/admin/links/${encodeURIComponent(id)}`, { disabled });
}

/** The sessions holding the most storage, those capturing the most lately, and the suspended ones. */
export function getSessionsOverview(): Promise<SessionsOverview> {
  return http.get<SessionsOverview>('/api/admin/sessions');
}

/** Suspends a session's webhook URL (captures answer 410) or lifts the suspension. */
export function setSessionSuspended(sessionId: string, suspended: boolean): Promise<SessionUsage> {
  return http.put<SessionUsage>(`/api/admin/sessions/${encodeURIComponent(sessionId)}`, { suspended });
}

/** Deletes every stored request of a session. */
export function deleteSessionRequests(sessionId: string): Promise<DeletedRequests> {
  return http.delete<DeletedRequests>(`/api/admin/sessions/${encodeURIComponent(sessionId)}/events`);
}

/** Takes an inspector name from whichever session holds it; answers that session. */
export function freeInspectorName(name: string): Promise<{ ok: true; sessionId: string }> {
  return http.delete<{ ok: true; sessionId: string }>(`/api/admin/names/${encodeURIComponent(name)}`);
}

/** Visits to short links that do not exist on this instance, without IP addresses. */
export function getOrphanVisits(): Promise<OrphanVisits> {
  return http.get<OrphanVisits>(ADMIN_ORPHAN_VISITS_PATH);
}
