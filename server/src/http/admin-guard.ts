/**
 * Admin guard: a preValidation hook for every admin route except the status check and the claim link.
 * No session answers 401; a session without a valid admin cookie for itself in this browser
 * answers 403. Checked against the database on every call, so a revoke takes effect at once.
 */
import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from './errors.js';
import { requireUser } from './identity.js';

/** The cookie that carries a browser's admin claim; the admin feature signs and sets it. */
export const ADMIN_COOKIE = 'hookbay_admin';

/** What the guard asks; the admin feature answers it. */
export interface AdminCheck {
  /**
   * Whether the browser is an admin for this session: the cookie must be signed by us, for this
   * very session, and carry the session's current generation while the session is still admin.
   */
  isAdmin(sessionId: string, adminCookie: string | undefined): Promise<boolean>;
}

const ADMIN_REQUIRED_MESSAGE =
  'Admin rights are required for this. Ask the server operator for an admin link.';

/** A hook that lets only this browser's admin through; throws UnauthorizedError or ForbiddenError. */
export function createAdminGuard(admin: AdminCheck): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const user = requireUser(request);
    const isAdmin = await admin.isAdmin(user.sessionId, request.cookies[ADMIN_COOKIE]);
    if (!isAdmin) throw new ForbiddenError(ADMIN_REQUIRED_MESSAGE);
  };
}
