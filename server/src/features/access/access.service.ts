import {
  MAX_KEYS_PER_SESSION,
  isKeyShaped,
  type ApiKey,
  type KeyScope,
  type NewApiKey,
  type Privacy,
} from '../../../../shared/access.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { HttpError, NotFoundError } from '../../http/errors.js';
import type { AccessChecks } from '../../http/identity.js';
import type { AccessRepo } from './access.repo.js';
import { generateKey, hashKey } from './key-secret.js';

/** A key's use is written at most this often, so a busy script does not write on every call. */
export const LAST_USED_PRECISION_MS = 60_000;

export const TOO_MANY_KEYS_MESSAGE = `This inspector already has ${MAX_KEYS_PER_SESSION} keys, the most it can hold. Revoke one first.`;
export const NO_KEY_YET_MESSAGE = 'Create a key first: while the inspector is private, only a key opens it.';
export const KEY_NOT_FOUND_MESSAGE = 'This inspector has no such key.';

class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

/**
 * Some access just ended: key `keyId` was revoked, or (keyId null) the session went private and
 * its id alone stopped opening it. Open sockets and event streams that relied on it must close.
 */
export interface AccessEnded {
  user: SessionUser;
  keyId: string | null;
}

export interface AccessService extends AccessChecks {
  /** Makes a key for the session; ConflictError (409) when it holds the most keys allowed. */
  createKey(user: SessionUser, name: string, scope?: KeyScope): Promise<NewApiKey>;
  listKeys(user: SessionUser): Promise<ApiKey[]>;
  /** Revokes the key everywhere before resolving; NotFoundError when the session has no such key. */
  revokeKey(user: SessionUser, id: string): Promise<void>;
  getPrivacy(user: SessionUser): Promise<Privacy>;
  /**
   * Turns privacy on or off. Turning it on needs a key to exist (ConflictError otherwise), so that
   * someone can still open the inspector; connections by the session id alone are then closed.
   */
  setPrivacy(user: SessionUser, isPrivate: boolean): Promise<Privacy>;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function createAccessChecks(repo: AccessRepo, now: () => number = Date.now): AccessChecks {
  return {
    async authenticate(key) {
      // Not shaped like a key: no key could match, no need to ask the database.
      if (!isKeyShaped(key)) return null;
      const owner = await repo.findByHash(hashKey(key));
      if (!owner) return null;
      const time = now();
      if (owner.lastUsedAt === null || owner.lastUsedAt <= time - LAST_USED_PRECISION_MS)
        await repo.touchKey(owner.keyId, time, time - LAST_USED_PRECISION_MS);
      return { user: owner.user, keyId: owner.keyId, scope: owner.scope, isPrivate: owner.isPrivate };
    },
    isPrivate: (sessionId) => repo.isPrivate(sessionId),
    hasKey: (keyId) => repo.hasKey(keyId),
  };
}

export function createAccessService(deps: {
  repo: AccessRepo;
  checks: AccessChecks;
  /** Closes what relied on the ended access, on every instance; awaited before the change answers. */
  endAccess: (ended: AccessEnded) => Promise<void>;
  now?: () => number;
}): AccessService {
  const { repo } = deps;
  const now = deps.now ?? Date.now;

  return {
    ...deps.checks,
    async createKey(user, name, scope = 'full') {
      const { id, key } = generateKey();
      const createdAt = now();
      const outcome = await repo.insertKey(
        { id, sessionId: user.sessionId, name, scope, keyHash: hashKey(key), createdAt },
        MAX_KEYS_PER_SESSION,
      );
      if (outcome === 'full') throw new ConflictError(TOO_MANY_KEYS_MESSAGE);
      return { id, name, scope, key, createdAt: iso(createdAt) };
    },
    async listKeys(user) {
      const keys = await repo.listKeys(user.sessionId);
      return keys.map((key) => ({
        id: key.id,
        name: key.name,
        scope: key.scope,
        createdAt: iso(key.createdAt),
        lastUsedAt: key.lastUsedAt === null ? null : iso(key.lastUsedAt),
      }));
    },
    async revokeKey(user, id) {
      if (!(await repo.deleteKey(user.sessionId, id))) throw new NotFoundError(KEY_NOT_FOUND_MESSAGE);
      await deps.endAccess({ user, keyId: id });
    },
    async getPrivacy(user) {
      return { private: await repo.isPrivate(user.sessionId) };
    },
    async setPrivacy(user, isPrivate) {
      if (isPrivate && (await repo.listKeys(user.sessionId)).length === 0)
        throw new ConflictError(NO_KEY_YET_MESSAGE);
      const wasPrivate = await repo.setPrivate(user.sessionId, isPrivate);
      if (isPrivate && !wasPrivate) await deps.endAccess({ user, keyId: null });
      return { private: isPrivate };
    },
  };
}
