/**
 * Granting and revoking admin rights: what `npm run admin` does, over the same database the
 * server uses. Knowing a session id is not enough to become an admin (ids appear in webhook
 * URLs), so a grant only yields a one-time link that must be opened in that session's browser.
 */
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { NotFoundError } from '../../http/errors.js';
import { createSessionsRepo } from '../sessions/sessions.repo.js';
import { createAdminRepo } from './admin.repo.js';
import {
  CLAIM_TOKEN_TTL_MS,
  claimOrigin,
  claimUrlOn,
  hashClaimToken,
  loopbackAlternative,
  newClaimToken,
} from './admin-token.js';

export interface GrantResult {
  /** Absolute one-time link that makes the browser holding the session an admin. */
  claimUrl: string;
  /**
   * The same link under this machine's other usual name (127.0.0.1 for localhost and back), for
   * a browser that reached Hookbay by that one; null when the link's host is no such name.
   */
  alternativeUrl: string | null;
  /** Epoch milliseconds after which the link no longer works. */
  expiresAt: number;
}

export interface RevokeResult {
  /** False when the session had no admin rights to take back. */
  wasAdmin: boolean;
}

interface ClockOptions {
  now?: () => number;
}

async function requireSession(db: Kysely<DatabaseSchema>, sessionId: string): Promise<void> {
  const session = await createSessionsRepo(db).find(sessionId);
  if (!session) {
    throw new NotFoundError(
      `No session ${sessionId} exists. Open Hookbay in the browser that should become admin and copy its session id from there.`,
    );
  }
}

/**
 * Marks the session as admin and makes a one-time claim link valid for 15 minutes.
 * Throws NotFoundError when the session does not exist.
 */
export async function grantAdmin(
  db: Kysely<DatabaseSchema>,
  sessionId: string,
  config: Pick<Config, 'publicOrigin' | 'port'>,
  options: ClockOptions = {},
): Promise<GrantResult> {
  await requireSession(db, sessionId);
  const now = (options.now ?? Date.now)();
  const repo = createAdminRepo(db);
  const grant = await repo.grant(sessionId, now);
  const token = newClaimToken();
  const expiresAt = now + CLAIM_TOKEN_TTL_MS;
  await repo.insertClaimToken({
    tokenHash: hashClaimToken(token),
    sessionId,
    generation: grant.generation,
    createdAt: now,
    expiresAt,
  });
  const origin = claimOrigin(config);
  const alternative = loopbackAlternative(origin);
  return {
    claimUrl: claimUrlOn(origin, token),
    alternativeUrl: alternative ? claimUrlOn(alternative, token) : null,
    expiresAt,
  };
}

/**
 * Takes the session's admin rights back; every admin cookie and unused link issued for it stops
 * working at once. Throws NotFoundError when the session does not exist.
 */
export async function revokeAdmin(
  db: Kysely<DatabaseSchema>,
  sessionId: string,
  options: ClockOptions = {},
): Promise<RevokeResult> {
  await requireSession(db, sessionId);
  const repo = createAdminRepo(db);
  const before = await repo.findGrant(sessionId);
  await repo.revoke(sessionId, (options.now ?? Date.now)());
  return { wasAdmin: before?.isAdmin === true };
}
