/** Render helpers for the short-links page tests: providers, a fake API behind `fetch`, a fake socket. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';
import type { ServerToClientEvents } from '../../../../shared/realtime';
import type { AppSocket } from '../../lib/socket';
import { RealtimeContext } from '../../session/RealtimeProvider';
import { SessionContext, type SessionState } from '../../session/SessionProvider';

export const SESSION_ID = '3f2b8c1e-6d4a-4b7e-9a1c-2e5f7d9b0c41';

export interface Call {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

type Answer = { status: number; body?: unknown };
type Handler = (call: Call) => Answer | Promise<Answer>;

/** Stubs `fetch` with `handler`; every call is recorded in the returned list. */
export function stubFetch(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: Call = { method: init?.method ?? 'GET', path: url.pathname, search: url.search, body };
    calls.push(call);
    const answer = await handler(call);
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

/** A socket stand-in: the page subscribes through `on`, the test fires events with `fire`. */
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
  function fire<E extends keyof ServerToClientEvents>(
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ) {
    listeners.get(event)?.forEach((listener) => listener(...args));
  }
  // The pages only call `on` and `off`, which this object provides.
  return { socket: socket as unknown as AppSocket, fire };
}

interface RenderOptions {
  route: string;
  pattern: string;
  socket?: AppSocket | null;
}

const readySession: SessionState = {
  user: { id: 'user-1', sessionId: SESSION_ID },
  status: 'ready',
  isShared: false,
  retry: () => undefined,
};

export function renderPage(page: ReactElement, { route, pattern, socket = null }: RenderOptions) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryDelay: 0, gcTime: Infinity } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={readySession}>
        <RealtimeContext.Provider value={socket}>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={pattern} element={page} />
              <Route path="*" element={<p>Other page</p>} />
            </Routes>
          </MemoryRouter>
          <ToastContainer />
        </RealtimeContext.Provider>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}
