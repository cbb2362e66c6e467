/** Builds suggestions for tests; each test names only the fields it cares about. */
import type { Suggestion } from '../../../shared/suggestions';
import { SESSION_ID } from './render';

/** A pending feature request sent by the test's own session, unless `overrides` say otherwise. */
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
