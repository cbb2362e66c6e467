import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORWARDERS_CHANGED, type ForwardersPayload } from '../../../../../shared/realtime';
import { fakeSession, fakeSocket, renderWithProviders, stubFetch } from '../../../test/render';
import { ForwardControl } from './ForwardControl';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Forward button', () => {
  it('keeps a change told live over an answer that was on its way before it', async () => {
    // The page asks how many forwarders are connected; the answer (one) is held back.
    let answer: (counts: ForwardersPayload) => void = () => undefined;
    const calls = stubFetch(({ path }) =>
      path === '/api/forwarders'
        ? new Promise((resolve) => (answer = (counts) => resolve({ status: 200, body: counts })))
        : { status: 404, body: { error: 'Not found' } },
    );
    const { socket, fire } = fakeSocket();
    const session = fakeSession();
    renderWithProviders(<ForwardControl sessionId={session.user?.sessionId ?? ''} />, { session, socket });
    await waitFor(() => expect(calls.map((call) => call.path)).toEqual(['/api/forwarders']));
    // Meanwhile the forwarder stops, and the server says so.
    fire(FORWARDERS_CHANGED, { count: 0, responding: 0 });
    answer({ count: 1, responding: 0 });
    // Let the late answer land before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: /^Forward/ }).textContent).toBe('Forward:to your machine');
  });

  it('shows what the answer says when nothing changed meanwhile', async () => {
    stubFetch(() => ({ status: 200, body: { count: 2, responding: 1 } }));
    const { socket } = fakeSocket();
    const session = fakeSession();
    renderWithProviders(<ForwardControl sessionId={session.user?.sessionId ?? ''} />, { session, socket });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Forward/ }).textContent).toBe('Forward:2 connected'),
    );
  });
});
