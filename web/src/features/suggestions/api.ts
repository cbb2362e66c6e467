/** The Suggestions page's calls to the API, returning the shared types. */
import type { NewSuggestion, Suggestion } from '../../../../shared/suggestions';
import { http } from '../../lib/http';

export function submitSuggestion(input: NewSuggestion): Promise<Suggestion> {
  return http.post<Suggestion>('/api/suggestions', input);
}

/** The current session's own suggestions, newest first. */
export function listOwnSuggestions(): Promise<Suggestion[]> {
  return http.get<Suggestion[]>('/api/user/suggestions');
}
