/** Render helpers for the Suggestions page tests: providers, a ready session and a fake API behind `fetch`. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import type { Suggestion } from '../../../../shared/suggestions';
import { SessionContext, type SessionState } from '../../session/SessionProvider';

export const SESSION_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

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
    user: { sessionId: SESSION_ID },
    ...overrides,
  };
}

const readySession: SessionState = {
  user: { id: 'u1', sessionId: SESSION_ID },
  status: 'ready',
  isShared: false,
  retry: () => undefined,
};

export function renderWithProviders(page: ReactElement, session: SessionState = readySession) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        <MemoryRouter initialEntries={['/suggestions']}>{page}</MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}
