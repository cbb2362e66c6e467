/**
 * What the page tests share: the app's providers around a page, a ready fake session, a fake API
 * behind `fetch` and a fake socket.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify/unstyled';
import { vi } from 'vitest';
import type { ServerToClientEvents } from '../../../shared/realtime';
import type { AppSocket } from '../lib/socket';
import { RealtimeContext } from '../session/RealtimeProvider';
import { SessionContext, type SessionState } from '../session/SessionProvider';

export const SESSION_ID = '3f2b8c1e-6d4a-4b7e-9a1c-2e5f7d9b0c41';

/** A ready session for SESSION_ID; `overrides` set other states, e.g. `{ user: null, status: 'loading' }`. */
export function fakeSession(overrides: Partial<SessionState> = {}): SessionState {
  return {
    user: { id: 'user-1', sessionId: SESSION_ID },
    status: 'ready',
    isShared: false,
    isPrivate: false,
    lostKey: false,
    retry: () => undefined,
    setPrivate: () => undefined,
    startOver: () => undefined,
    ...overrides,
  };
}

interface RenderOptions {
  /** Where the router starts; with several entries, the history ending at the last one. */
  route?: string | string[];
  session?: SessionState;
  socket?: AppSocket | null;
  /** Mounts a toast container, for pages that report through toasts. */
  toasts?: boolean;
}

/** Renders `ui` inside the providers the app puts around its pages, with a fresh query cache. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', session = fakeSession(), socket = null, toasts = false }: RenderOptions = {},
) {
  const history = typeof route === 'string' ? [route] : route;
  // A failed query is not tried again unless its hook asks for that, and then without waiting.
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, retryDelay: 0, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        <RealtimeContext.Provider value={socket}>
          <MemoryRouter initialEntries={history} initialIndex={history.length - 1}>
            {ui}
          </MemoryRouter>
          {toasts && <ToastContainer />}
        </RealtimeContext.Provider>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

export interface Call {
  method: string;
  path: string;
  /** The query string, with its "?"; empty when there is none. */
  search: string;
  body: unknown;
  /** The request's headers as sent (names as the app wrote them); not enumerable. */
  headers: Record<string, string>;
}

export type Answer = { status: number; body?: unknown };

/** Stubs `fetch` with `handler`, answering JSON; every call is recorded in the returned list. */
export function stubFetch(handler: (call: Call) => Answer | Promise<Answer>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const headers = { ...(init?.headers as Record<string, string> | undefined) };
      const call = { method: init?.method ?? 'GET', path: url.pathname, search: url.search, body } as Call;
      // headers is defined just below, not enumerable, so that tests comparing what was sent
      // (method, path, query, body) with toEqual keep doing so; credential tests read it.
      Object.defineProperty(call, 'headers', { value: headers, enumerable: false });
      calls.push(call);
      const answer = await handler(call);
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
      return new Response(text, { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

/** What a test can fire: the server's events, and the socket's own (re)connect. */
type SocketEvents = ServerToClientEvents & { connect: () => void };

/** A socket stand-in: the page listens through `on` and `off`, the test fires events with `fire`. */
export function fakeSocket() {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const socket = {
    on(event: string, listener: (...args: unknown[]) => void) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return socket;
    },
    off(event: string, listener: (...args: unknown[]) => void) {
      listeners.get(event)?.delete(listener);
      return socket;
    },
  };
  function fire<E extends keyof SocketEvents>(event: E, ...args: Parameters<SocketEvents[E]>) {
    act(() => listeners.get(event)?.forEach((listener) => listener(...args)));
  }
  // The pages only call `on` and `off`, which this object provides.
  return { socket: socket as unknown as AppSocket, fire };
}
