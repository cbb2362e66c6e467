/**
 * Inspector names: a second webhook URL address for a session, first come, first served. The
 * capture path asks `sessionOf`, answered from a name → session cache shared in shape with the
 * other per-session caches; a rename or a freed name is announced on the instance bus, so every
 * instance drops the old and new names' entries before the change is answered, and a freed name
 * answers 404 everywhere at once.
 */
import { isSessionId } from '../../../../shared/sessions.js';
import { isInspectorName, type InspectorName } from '../../../../shared/inspectors.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { HttpError, NotFoundError } from '../../http/errors.js';
import { createSessionCache, type SessionCacheBus } from '../session-cache/session-cache.js';
import type { NamesRepo } from './names.repo.js';

export const NAME_TAKEN_MESSAGE = 'name: another inspector holds this name; choose another.';
export const NAME_NOT_FOUND_MESSAGE = 'No inspector holds this name.';

/** The capture path's question. */
export interface NameLookup {
  /**
   * The session a webhook URL address captures into: a session id is its own answer, a name the
   * session holding it (read once, then from memory), anything else null. Synchronous when known.
   */
  sessionOf(address: string): string | null | Promise<string | null>;
}

export interface InspectorNames extends NameLookup {
  nameOf(user: SessionUser): Promise<InspectorName>;
  /** Gives the session this name, or none (null); 409 when another session holds it. */
  rename(user: SessionUser, name: string | null): Promise<InspectorName>;
  /** Takes the name from whichever session holds it (the admin's action); NotFoundError when none does. Answers that session. */
  free(name: string): Promise<string>;
  /** Forgets the names a removed session held, on every instance. */
  forget(name: string): Promise<void>;
}

export function createInspectorNames(deps: { repo: NamesRepo; bus?: SessionCacheBus }): InspectorNames {
  const { repo } = deps;
  // Keyed by name; null remembers that no session holds it, so unknown names stay off the database too.
  const cache = createSessionCache<string | null>({ name: 'inspector-names', bus: deps.bus });

  async function setName(sessionId: string, name: string | null, previous: string | null): Promise<void> {
    const outcome = await repo.setName(sessionId, name);
    if (outcome === 'taken') throw new HttpError(409, NAME_TAKEN_MESSAGE);
    if (outcome === 'missing') throw new NotFoundError(NAME_NOT_FOUND_MESSAGE);
    if (previous !== null && previous !== name) await cache.change(previous, null);
    if (name !== null) await cache.change(name, sessionId);
  }

  return {
    sessionOf(address) {
      if (isSessionId(address)) return address;
      if (!isInspectorName(address)) return null;
      return cache.read(address, () => repo.sessionOfName(address));
    },
    async nameOf(user) {
      return { name: (await repo.nameOf(user.sessionId)) ?? null };
    },
    async rename(user, name) {
      const previous = (await repo.nameOf(user.sessionId)) ?? null;
      if (previous === name) return { name };
      await setName(user.sessionId, name, previous);
      return { name };
    },
    async free(name) {
      const sessionId = isInspectorName(name) ? await repo.sessionOfName(name) : null;
      if (sessionId === null) throw new NotFoundError(NAME_NOT_FOUND_MESSAGE);
      await setName(sessionId, null, name);
      return sessionId;
    },
    forget: (name) => cache.change(name, null),
  };
}
