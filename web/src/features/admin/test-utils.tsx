/** Render helpers for the Admin panel tests: providers, a ready session, a router and a fake API behind `fetch`. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import type { Suggestion } from '../../../../shared/suggestions';
import { SessionContext, type SessionState } from '../../session/SessionProvider';
import { AdminPage } from './AdminPage';

export const SESSION_ID = '9b2d7c1a-3e4f-4a5b-8c6d-7e8f9a0b1c2d';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

export type Answer = { status: number; body?: unknown };
type Handler = (call: Call) => Answer | Promise<Answer>;

/** Stubs `fetch` with `handler`; every call is recorded in the returned list. */
export function stubFetch(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: Call = { method: init?.method ?? 'GET', path: url.pathname, body };
    calls.push(call);
    const answer = await handler(call);
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

export function makeSuggestion(overrides: Partial<Suggestion> = {}): Suggestion {
  const createdAt = overrides.createdAt ?? '2025-03-01T10:00:00.000Z';
  return {
    id: 1,
    title: 'Dark mode for the analytics chart',
    description: 'The chart is hard to read at night.',
    category: 'feature_request',
    email: null,
    status: 'pending',
    adminNotes: null,
    createdAt,
    updatedAt: createdAt,
    user: { sessionId: '0f8e2a4c-1b3d-4e5f-a6b7-c8d9e0f1a2b3' },
    ...overrides,
  };
}

export const readySession: SessionState = {
  user: { id: 'u1', sessionId: SESSION_ID },
  status: 'ready',
  isShared: false,
  retry: () => undefined,
};

interface RenderOptions {
  /** Router history; the last entry is where the test starts. */
  history?: string[];
  session?: SessionState;
}

/** Renders the Admin panel at /admin/* as the app mounts it, with stand-ins for the pages it links to. */
export function renderAdmin({ history = ['/admin'], session = readySession }: RenderOptions = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        <MemoryRouter initialEntries={history} initialIndex={history.length - 1}>
          <Routes>
            <Route path="/admin/*" element={<AdminPage />} />
            <Route path="/suggestions" element={<p>Suggestions page</p>} />
            <Route path="*" element={<p>Previous page</p>} />
          </Routes>
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}
