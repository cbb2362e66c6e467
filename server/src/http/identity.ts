/**
 * Session identity. Every /api call and every short link's analytics is identified by a key
 * (`Authorization: Bearer <key>`), or else by the X-Session-ID header, a sessionId query parameter
 * or the session cookie set when the session started. A key wins over any session id; an unknown
 * or revoked key is refused, never passed over for the session id. A private session's id alone
 * identifies nobody. The outcome is worked out once per request and kept on `request.identity`
 * (and the usable user on `request.user`); routes that need one call `requireUser`, which answers
 * 401 saying why. Capture and redirects are left alone: they serve anyone and must stay cheap.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bearerTokenOf, type KeyScope } from '../../../shared/access.js';
import { SESSION_COOKIE, SESSION_HEADER, isSessionId, type SessionUser } from '../../../shared/sessions.js';
import { UnauthorizedError } from './errors.js';

/** How a session id is looked up; the sessions feature answers it. */
export interface SessionLookup {
  /** The session's user, or null when the id is unknown. */
  findSession(sessionId: string): Promise<SessionUser | null>;
}

/** The session a key opens. */
export interface KeyIdentity {
  user: SessionUser;
  keyId: string;
  scope: KeyScope;
  isPrivate: boolean;
}

/** What every request and socket handshake asks; answered from the database each time. */
export interface AccessChecks {
  /** The session the key opens (recording the use, at most once a minute), or null for an unknown or revoked key. */
  authenticate(key: string): Promise<KeyIdentity | null>;
  isPrivate(sessionId: string): Promise<boolean>;
  /** False once the key is revoked. */
  hasKey(keyId: string): Promise<boolean>;
}

/** Who a request is. */
export type Identity =
  | { kind: 'none' }
  /** A public session, by its id. */
  | { kind: 'session'; user: SessionUser }
  | { kind: 'key'; user: SessionUser; keyId: string; scope: KeyScope; isPrivate: boolean }
  /** The id of a private session, without a key: identifies nobody. */
  | { kind: 'private'; user: SessionUser }
  /** An unknown or revoked key. */
  | { kind: 'refused-key' };

declare module 'fastify' {
  interface FastifyRequest {
    /** The user the request may act as; null unless `identity` is a public session or a key. */
    user: SessionUser | null;
    /** Null on paths that identify nobody (capture, redirects, pages). */
    identity: Identity | null;
  }
}

export const PRIVATE_SESSION_MESSAGE =
  'This inspector is private: its session id alone gives no access. Send a key (Authorization: Bearer <key>).';
export const KEY_REFUSED_MESSAGE = 'This key is unknown or was revoked.';

const NO_IDENTITY: Identity = { kind: 'none' };

/**
 * The session id a request carries, if well-formed: the header first, then a `sessionId` query
 * parameter (download links cannot send headers), then the cookie.
 */
export function sessionIdOf(request: FastifyRequest): string | null {
  const candidates: unknown[] = [
    request.headers[SESSION_HEADER.toLowerCase()],
    (request.query as Record<string, unknown> | undefined)?.sessionId,
    request.cookies[SESSION_COOKIE],
  ];
  return candidates.find(isSessionId) ?? null;
}

/** 401 for a private session's id alone; `private: true` tells a client the session itself is fine. */
class PrivateSessionError extends UnauthorizedError {
  override readonly extra = { private: true };

  constructor() {
    super(PRIVATE_SESSION_MESSAGE);
  }
}

/** The request's user; throws 401 (saying why) when the request may act as nobody. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (request.user) return request.user;
  if (request.identity?.kind === 'private') throw new PrivateSessionError();
  if (request.identity?.kind === 'refused-key') throw new UnauthorizedError(KEY_REFUSED_MESSAGE);
  throw new UnauthorizedError();
}

/** The key a usable identity rests on; null when it rests on the session id. */
export function keyIdOfIdentity(identity: Identity | null): string | null {
  return identity?.kind === 'key' ? identity.keyId : null;
}

/**
 * True while the access `identity` was granted on still holds: its key is not revoked, or its
 * session has not gone private. For connections that stay open past the check at their start.
 */
export async function identityStillHolds(identity: Identity | null, access: AccessChecks): Promise<boolean> {
  if (!identity) return false;
  if (identity.kind === 'key') return access.hasKey(identity.keyId);
  if (identity.kind === 'session') return !(await access.isPrivate(identity.user.sessionId));
  return false;
}

/** Works out who sent a key (`token`) or, without one, a session id. */
export async function resolveIdentity(
  token: string | null,
  sessionId: string | null,
  deps: { sessions: SessionLookup; access: AccessChecks },
): Promise<Identity> {
  if (token !== null) {
    const owner = await deps.access.authenticate(token);
    return owner ? { kind: 'key', ...owner } : { kind: 'refused-key' };
  }
  const user = sessionId ? await deps.sessions.findSession(sessionId) : null;
  if (!user) return NO_IDENTITY;
  // Read on every call, never cached: turning privacy on takes effect at once on every instance.
  if (await deps.access.isPrivate(user.sessionId)) return { kind: 'private', user };
  return { kind: 'session', user };
}

const ANALYTICS_URL = /^\/s\/[^/?]+\/analytics(?:[/?]|$)/;

function needsIdentity(url: string): boolean {
  return url.startsWith('/api/') || ANALYTICS_URL.test(url);
}

export const identityPlugin = fp(
  async (app: FastifyInstance, options: { sessions: SessionLookup; access: AccessChecks }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('identity', null);
    app.addHook('onRequest', async (request) => {
      if (!needsIdentity(request.url)) return;
      const identity = await resolveIdentity(
        bearerTokenOf(request.headers.authorization),
        sessionIdOf(request),
        options,
      );
      request.identity = identity;
      request.user = identity.kind === 'session' || identity.kind === 'key' ? identity.user : null;
    });
  },
);
