import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../lib/http';
import { STORAGE_KEYS, storeSession } from '../lib/storage';
import { SESSION_ID, stubFetch, type Call } from '../test/render';
import { SessionGate } from './SessionGate';
import { SessionProvider } from './SessionProvider';
import { useSession } from './useSession';

const KEY = `hbk_00000000000000aa_${'a'.repeat(43)}`;
const OTHER_SESSION = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';

function Inspector() {
  const { isPrivate } = useSession();
  return (
    <SessionGate>
      {(user) => <p>{`Inspector ${user.sessionId}${isPrivate ? ' (private)' : ''}`}</p>}
    </SessionGate>
  );
}

function renderApp() {
  return render(
    <SessionProvider>
      <Inspector />
    </SessionProvider>,
  );
}

/** The server: a session that is `private` or not; calls with `validKey` open it, other keys are refused. */
function stubServer(options: { isPrivate: boolean; validKey?: string | null }) {
  const state = {
    isPrivate: options.isPrivate,
    validKey: options.validKey === undefined ? KEY : options.validKey,
  };
  const calls = stubFetch(({ method, path, headers, body }: Call) => {
    const bearer = headers.Authorization?.replace(/^Bearer /, '');
    if (bearer !== undefined && bearer !== state.validKey)
      return { status: 401, body: { error: 'This key is unknown or was revoked.' } };
    if (method === 'POST' && path === '/api/user') {
      // A key opens its own session, whatever session id is sent along.
      const sent = (body as { sessionId?: string } | undefined)?.sessionId;
      const answer = { id: 'user-1', sessionId: bearer === undefined ? (sent ?? SESSION_ID) : SESSION_ID };
      return { status: 200, body: state.isPrivate ? { ...answer, private: true } : answer };
    }
    if (state.isPrivate && bearer === undefined)
      return { status: 401, body: { error: 'This inspector is private.', private: true } };
    return { status: 200, body: [] };
  });
  return { calls, state };
}

beforeEach(() => {
  window.history.replaceState(null, '', '/webhook');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a private session in the browser', () => {
  it('an access link stores its key, leaves the address bar, and resumes the key’s session', async () => {
    storeSession(OTHER_SESSION);
    window.history.replaceState(null, '', `/webhook#key=${KEY}`);
    const { calls } = stubServer({ isPrivate: true });
    renderApp();
    expect(await screen.findByText(`Inspector ${SESSION_ID} (private)`)).toBeInTheDocument();
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/webhook');
    expect(localStorage.getItem(STORAGE_KEYS.accessKey)).toBe(KEY);
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBe(SESSION_ID);
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${KEY}`);
  });

  it('a private session without a key shows why it cannot be opened, and keeps the stored session', async () => {
    storeSession(SESSION_ID);
    stubServer({ isPrivate: true });
    renderApp();
    expect(await screen.findByText('This inspector is private')).toBeInTheDocument();
    expect(screen.getByText(/reading them needs a key/)).toBeInTheDocument();
    expect(screen.queryByText(/^Inspector /)).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBe(SESSION_ID);
  });

  it('a Share link of a private session says the link alone gives no access, and leads back to one’s own', async () => {
    storeSession(OTHER_SESSION);
    window.history.replaceState(null, '', `/webhook?sessionId=${SESSION_ID}`);
    const { calls } = stubServer({ isPrivate: true });
    renderApp();
    expect(await screen.findByText(/A Share link alone gives no access/)).toBeInTheDocument();
    expect((calls[0]?.body as { sessionId: string }).sessionId).toBe(SESSION_ID);

    // One's own session is public: opening it shows it.
    stubServer({ isPrivate: false });
    await userEvent.click(screen.getByRole('button', { name: 'Open my own inspector' }));
    expect(await screen.findByText(`Inspector ${OTHER_SESSION}`)).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  it('a key revoked while the page is open: the key is forgotten and the page says access was lost', async () => {
    storeSession(SESSION_ID);
    localStorage.setItem(STORAGE_KEYS.accessKey, KEY);
    const server = stubServer({ isPrivate: true });
    renderApp();
    expect(await screen.findByText(`Inspector ${SESSION_ID} (private)`)).toBeInTheDocument();

    server.state.validKey = null;
    await act(async () => {
      await expect(http.get('/api/events')).rejects.toMatchObject({ status: 401 });
    });
    expect(await screen.findByText(/This browser’s key to it was revoked/)).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.accessKey)).toBeNull();
    // The session itself is not lost: an access link later opens it again.
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBe(SESSION_ID);
  });

  it('a key refused on a public session: the page carries on with the session id alone', async () => {
    storeSession(SESSION_ID);
    localStorage.setItem(STORAGE_KEYS.accessKey, KEY);
    const { calls } = stubServer({ isPrivate: false, validKey: null });
    renderApp();
    expect(await screen.findByText(`Inspector ${SESSION_ID}`)).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.accessKey)).toBeNull();
    await waitFor(() => expect(calls.at(-1)?.headers.Authorization).toBeUndefined());
    expect(calls.at(-1)?.path).toBe('/api/user');
  });

  it('the session going private elsewhere: the stored session is kept and the page says it is private', async () => {
    storeSession(SESSION_ID);
    const server = stubServer({ isPrivate: false });
    renderApp();
    expect(await screen.findByText(`Inspector ${SESSION_ID}`)).toBeInTheDocument();
    server.state.isPrivate = true;
    await act(async () => {
      await expect(http.get('/api/events')).rejects.toMatchObject({ status: 401 });
    });
    expect(await screen.findByText('This inspector is private')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBe(SESSION_ID);
  });
});
