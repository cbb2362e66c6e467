import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, http, messageOf, onAccessRefused, setSessionOverride } from './http';
import { STORAGE_KEYS, storeSession } from './storage';

// fetch is stubbed with calls of (url, init); the casts below read those arguments back.
function answer(status: number, body: unknown) {
  return vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('messageOf', () => {
  it("uses the server's words for a refused request", () => {
    expect(messageOf(new ApiError(400, 'A title is required.'), 'fallback')).toBe('A title is required.');
    expect(messageOf(new ApiError(429, 'Too many'), 'fallback')).toBe('Too many');
  });

  it("uses the server's words for a failure that came with an error text", () => {
    expect(messageOf(new ApiError(500, 'Something went wrong on our side.'), 'fallback')).toBe(
      'Something went wrong on our side.',
    );
    expect(messageOf(new ApiError(503, 'The database is unavailable.'), 'fallback')).toBe(
      'The database is unavailable.',
    );
  });

  it("falls back to the feature's message for network errors and answers without an error text", () => {
    expect(messageOf(new ApiError(502, 'Bad Gateway', false), 'fallback')).toBe('fallback');
    expect(messageOf(new ApiError(400, ''), 'fallback')).toBe('fallback');
    expect(messageOf(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });

  it('reads the error text of a 5xx answer, and marks an answer without one', async () => {
    vi.stubGlobal('fetch', answer(503, { error: 'The database is unavailable.' }));
    const withText = await http.get('/api/urls').catch((error: unknown) => error);
    expect(messageOf(withText, 'fallback')).toBe('The database is unavailable.');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<html>oops</html>', { status: 502 }))),
    );
    const withoutText = await http.get('/api/urls').catch((error: unknown) => error);
    expect(messageOf(withoutText, 'fallback')).toBe('fallback');
  });
});

describe('http', () => {
  it('sends the stored session while it has not expired, with cookies', async () => {
    storeSession('7c9e6679-7425-40de-944b-e07fc1f90ae7');
    const fetchMock = answer(200, []);
    vi.stubGlobal('fetch', fetchMock);
    await http.get('/api/events');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['X-Session-ID']).toBe(
      '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    );
  });

  it('sends no session once the stored expiry has passed', async () => {
    localStorage.setItem(STORAGE_KEYS.sessionId, '7c9e6679-7425-40de-944b-e07fc1f90ae7');
    localStorage.setItem(STORAGE_KEYS.sessionExpiry, String(Date.now() - 1));
    const fetchMock = answer(200, []);
    vi.stubGlobal('fetch', fetchMock);
    await http.get('/api/events');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['X-Session-ID']).toBeUndefined();
  });

  it('a 401 removes the stored session and expiry and reaches the caller', async () => {
    storeSession('7c9e6679-7425-40de-944b-e07fc1f90ae7');
    vi.stubGlobal('fetch', answer(401, { error: 'A valid session is required.' }));
    await expect(http.get('/api/events')).rejects.toEqual(new ApiError(401, 'A valid session is required.'));
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.sessionExpiry)).toBeNull();
  });

  it('sends JSON with a content type only when there is a body', async () => {
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await http.delete('/api/urls/abc');
    await http.post('/api/urls', { url: 'https://example.com' });
    const [deleteCall, postCall] = fetchMock.mock.calls as unknown as [string, RequestInit][];
    const deleteInit = deleteCall?.[1];
    const postInit = postCall?.[1];
    expect(deleteInit?.headers).toEqual({});
    expect(postInit?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(postInit?.body).toBe('{"url":"https://example.com"}');
  });
});

describe('http with a key', () => {
  const KEY = `hbk_00000000000000aa_${'a'.repeat(43)}`;
  const SESSION = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

  function sentHeaders(fetchMock: ReturnType<typeof answer>): Record<string, string> {
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    return init.headers as Record<string, string>;
  }

  it('sends the stored key as a Bearer token beside the session', async () => {
    storeSession(SESSION);
    localStorage.setItem(STORAGE_KEYS.accessKey, KEY);
    const fetchMock = answer(200, []);
    vi.stubGlobal('fetch', fetchMock);
    await http.get('/api/events');
    expect(sentHeaders(fetchMock)).toEqual({ 'X-Session-ID': SESSION, Authorization: `Bearer ${KEY}` });
  });

  it('never sends the key for a Share link’s session', async () => {
    storeSession(SESSION);
    localStorage.setItem(STORAGE_KEYS.accessKey, KEY);
    setSessionOverride('9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d');
    try {
      const fetchMock = answer(200, []);
      vi.stubGlobal('fetch', fetchMock);
      await http.get('/api/events');
      expect(sentHeaders(fetchMock)).toEqual({ 'X-Session-ID': '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d' });
    } finally {
      setSessionOverride(null);
    }
  });

  it('a 401 to the key forgets the key, not the session, and says so to listeners', async () => {
    storeSession(SESSION);
    localStorage.setItem(STORAGE_KEYS.accessKey, KEY);
    const refusals: string[] = [];
    const stop = onAccessRefused((refusal) => refusals.push(refusal));
    vi.stubGlobal('fetch', answer(401, { error: 'This key is unknown or was revoked.' }));
    await expect(http.get('/api/events')).rejects.toMatchObject({ status: 401 });
    stop();
    expect(refusals).toEqual(['key']);
    expect(localStorage.getItem(STORAGE_KEYS.accessKey)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBe(SESSION);
  });

  it('a 401 saying the session is private keeps the stored session', async () => {
    storeSession(SESSION);
    const refusals: string[] = [];
    const stop = onAccessRefused((refusal) => refusals.push(refusal));
    vi.stubGlobal('fetch', answer(401, { error: 'This inspector is private.', private: true }));
    await expect(http.get('/api/events')).rejects.toMatchObject({ status: 401 });
    stop();
    expect(refusals).toEqual(['private']);
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBe(SESSION);
  });
});
