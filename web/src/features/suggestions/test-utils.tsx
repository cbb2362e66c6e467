/** Render helper for the Suggestions page tests. */
import type { SessionState } from '../../session/SessionProvider';
import { fakeSession, renderWithProviders } from '../../test/render';
import { SuggestionsPage } from './SuggestionsPage';

/** Renders the Suggestions page at /suggestions as `session` sees it: a ready one by default. */
export function renderSuggestionsPage(session: SessionState = fakeSession()) {
  return renderWithProviders(<SuggestionsPage />, { route: '/suggestions', session });
}
