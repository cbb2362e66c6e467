/** Orphan visits: the session's (aliases it gave up) and, behind the admin guard, the instance's. */
import type { FastifyInstance } from 'fastify';
import {
  ADMIN_ORPHAN_VISITS_PATH,
  ORPHAN_VISITS_KEPT,
  ORPHAN_VISITS_MAX_AGE_DAYS,
  ORPHAN_VISITS_PATH,
} from '../../../../shared/orphan-visits.js';
import { createAdminGuard, type AdminCheck } from '../../http/admin-guard.js';
import { requireUser } from '../../http/identity.js';
import { adminOnly, json, unauthorised } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { OrphanVisitsService } from './orphan-visits.service.js';

const ANSWER =
  '`{total, byAlias: [{alias, visits, lastVisitAt}], recent: [{alias, visitedAt, referer, userAgent}]}`, ' +
  `without IP addresses; the ${ORPHAN_VISITS_KEPT.toLocaleString('en-US')} most recent visits of the last ` +
  `${ORPHAN_VISITS_MAX_AGE_DAYS} days are kept.`;

export async function orphanVisitsRoutes(
  instance: FastifyInstance,
  options: { orphanVisits: OrphanVisitsService; admin: AdminCheck },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { orphanVisits } = options;

  const sessionSchema = {
    tags: ['Short links'],
    summary: 'Visits to short links the session deleted or renamed',
    description: `Visits to \`/s/<alias>\` after the session deleted that link or renamed it away: ${ANSWER}`,
    response: { 200: json('The visits.'), ...unauthorised },
  };
  app.get(ORPHAN_VISITS_PATH, { config: { access: 'session' }, schema: sessionSchema }, async (request) =>
    orphanVisits.forSession(requireUser(request)),
  );

  await app.register(async (adminScope) => {
    const admin = adminScope.withTypeProvider<ZodRoutes>();
    admin.addHook('preValidation', createAdminGuard(options.admin));
    const adminSchema = {
      tags: ['Admin'],
      summary: 'Visits to short links that do not exist',
      description: `Every visit to \`/s/<alias>\` no link answers: ${ANSWER}`,
      response: { 200: json('The visits.'), ...adminOnly },
    };
    admin.get(ADMIN_ORPHAN_VISITS_PATH, { config: { access: 'admin' }, schema: adminSchema }, () =>
      orphanVisits.forInstance(),
    );
  });
}
