/** Admin panel test helpers: the panel's routes around the shared providers, and its suggestions. */
import { Route, Routes } from 'react-router-dom';
import type { Suggestion } from '../../../../shared/suggestions';
import type { SessionState } from '../../session/SessionProvider';
import { fakeSession, renderWithProviders } from '../../test/render';
import { makeSuggestion as makeOwnSuggestion } from '../../test/suggestions';
import { AdminPage } from './AdminPage';

/** A suggestion as the admin sees it: sent by another session than the admin's. */
export function makeSuggestion(overrides: Partial<Suggestion> = {}): Suggestion {
  return makeOwnSuggestion({ user: { sessionId: '0f8e2a4c-1b3d-4e5f-a6b7-c8d9e0f1a2b3' }, ...overrides });
}

interface RenderOptions {
  /** Router history; the last entry is where the test starts. */
  history?: string[];
  session?: SessionState;
  /** Mounts a toast container, for tabs that report through toasts. */
  toasts?: boolean;
}

/** Renders the Admin panel at /admin/* as the app mounts it, with stand-ins for the pages it links to. */
export function renderAdmin({
  history = ['/admin'],
  session = fakeSession(),
  toasts = false,
}: RenderOptions = {}) {
  return renderWithProviders(
    <Routes>
      <Route path="/admin/*" element={<AdminPage />} />
      <Route path="/suggestions" element={<p>Suggestions page</p>} />
      <Route path="*" element={<p>Previous page</p>} />
    </Routes>,
    { route: history, session, toasts },
  );
}
