import { StrictMode } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from './SessionProvider';
import { useSession } from './useSession';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function ShowSession() {
  const { user } = useSession();
  return <p>{user ? `Session ${user.sessionId}` : 'Starting'}</p>;
}

describe('SessionProvider', () => {
  it('opens one session when it starts twice at once, and stores the one it shows', async () => {
    let opened = 0;
    const fetchMock = vi.fn(() => {
      opened += 1;
      const sessionId = `00000000-0000-4000-8000-00000000000${opened}`;
      return Promise.resolve(
        new Response(JSON.stringify({ id: `user-${opened}`, sessionId }), { status: 200 }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    // Strict mode runs the start effect twice, as a provider mounted again would.
    render(
      <StrictMode>
        <SessionProvider>
          <ShowSession />
        </SessionProvider>
      </StrictMode>,
    );
    const shown = await screen.findByText(/^Session /);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(shown).toHaveTextContent('Session 00000000-0000-4000-8000-000000000001');
    expect(localStorage.getItem('userSessionId')).toBe('00000000-0000-4000-8000-000000000001');
  });
});
