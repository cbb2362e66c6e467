/** Test helpers for the short-links pages: a stored session, and a page at its route with a fake socket. */
import { cleanup } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';
import { fakeSocket, renderWithProviders, SESSION_ID } from '../../test/render';

/**
 * Before each test of the calling file, stores the session as the app does once it started one (the
 * calls and the CSV link send it); after each, cleans up.
 */
export function setUpPageTests(): void {
  beforeEach(() => {
    localStorage.setItem('userSessionId', SESSION_ID);
    localStorage.setItem('userSessionExpiry', String(Date.now() + 60_000));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}

/** Renders `page` at `route`, matched by `pattern`, with toasts; returns the fake socket it listens to. */
export function renderPage(page: ReactElement, { route, pattern }: { route: string; pattern: string }) {
  const socket = fakeSocket();
  renderWithProviders(
    <Routes>
      <Route path={pattern} element={page} />
      <Route path="*" element={<p>Other page</p>} />
    </Routes>,
    { route, socket: socket.socket, toasts: true },
  );
  return socket;
}
