/**
 * Admin guard: a preValidation hook for every admin route except the status check and the claim link.
 * No session answers 401; a session without a valid admin cookie for itself in this browser
 * answers 403. Checked against the database on every call, so a revoke takes effect at once.
 */
import type { FastifyRequest } from 'fastify';
import { ADMIN_COOKIE } from '../features/admin/admin-cookie.js';
import type { AdminService } from '../features/admin/admin.service.js';
import { ForbiddenError } from './errors.js';
import { requireUser } from './identity.js';

const ADMIN_REQUIRED_MESSAGE =
  'Admin rights are required for this. Ask the server operator for an admin link.';

/** A hook that lets only this browser's admin through; throws UnauthorizedError or ForbiddenError. */
export function createAdminGuard(admin: AdminService): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const user = requireUser(request);
    const isAdmin = await admin.isAdmin(user.sessionId, request.cookies[ADMIN_COOKIE]);
    if (!isAdmin) throw new ForbiddenError(ADMIN_REQUIRED_MESSAGE);
  };
}
