import type { SessionUser } from '../../../../shared/sessions.js';
import {
  INITIAL_SUGGESTION_STATUS,
  buildSuggestionStats,
  type NewSuggestion,
  type Suggestion,
  type SuggestionStats,
  type SuggestionStatus,
  type SuggestionUpdate,
} from '../../../../shared/suggestions.js';
import { NotFoundError } from '../../http/errors.js';
import type { StoredSuggestion, SuggestionsRepo } from './suggestions.repo.js';

export interface SuggestionsService {
  /** Stores a new pending suggestion from the user (the route has counted it against the limits). */
  create(user: SessionUser, input: NewSuggestion): Promise<Suggestion>;
  /** The user's own suggestions, newest first. */
  listOwn(user: SessionUser): Promise<Suggestion[]>;
  /** Every suggestion (or those with `status`), newest first; for admins. */
  listAll(status: SuggestionStatus | null): Promise<Suggestion[]>;
  /** Counts per status, all statuses included; for admins. */
  stats(): Promise<SuggestionStats>;
  /** Sets status and notes; NotFoundError when there is no such suggestion. For admins. */
  update(id: number, change: SuggestionUpdate): Promise<Suggestion>;
}

const NOT_FOUND_MESSAGE = 'This suggestion does not exist.';

/** The API's view: ISO times and the sending session under `user`. */
export function toSuggestion(stored: StoredSuggestion): Suggestion {
  return {
    id: stored.id,
    title: stored.title,
    description: stored.description,
    category: stored.category,
    email: stored.email,
    status: stored.status,
    adminNotes: stored.adminNotes,
    createdAt: new Date(stored.createdAt).toISOString(),
    updatedAt: new Date(stored.updatedAt).toISOString(),
    user: { sessionId: stored.sessionId },
  };
}

export function createSuggestionsService(deps: {
  repo: SuggestionsRepo;
  now?: () => number;
}): SuggestionsService {
  const { repo } = deps;
  const now = deps.now ?? Date.now;

  return {
    async create(user, input) {
      const stored = await repo.insert({
        ...input,
        sessionId: user.sessionId,
        status: INITIAL_SUGGESTION_STATUS,
        createdAt: now(),
      });
      return toSuggestion(stored);
    },
    async listOwn(user) {
      return (await repo.listBySession(user.sessionId)).map(toSuggestion);
    },
    async listAll(status) {
      return (await repo.list(status)).map(toSuggestion);
    },
    async stats() {
      return buildSuggestionStats(await repo.countByStatus());
    },
    async update(id, change) {
      const updated =
        Number.isSafeInteger(id) && id > 0 ? await repo.update(id, { ...change, updatedAt: now() }) : null;
      if (!updated) throw new NotFoundError(NOT_FOUND_MESSAGE);
      return toSuggestion(updated);
    },
  };
}
