/** The admin side of short links: find any link, disable or re-enable it. Behind the admin guard. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PublicOrigin } from '../../config.js';
import { createAdminGuard } from '../../http/admin-guard.js';
import { requireUser } from '../../http/identity.js';
import { parseInput } from '../../http/validation.js';
import type { AdminService } from '../admin/admin.service.js';
import type { LinksService } from './links.service.js';
import { linkContextOf } from './request-info.js';

interface SearchRequest {
  Querystring: { q?: string };
}

interface IdParams {
  Params: { id: string };
}

export const disabledBodySchema = z.object(
  { disabled: z.boolean({ error: 'disabled must be true or false.' }) },
  { error: 'Send a JSON body like {"disabled": true}.' },
);

export async function linksAdminRoutes(
  app: FastifyInstance,
  options: { links: LinksService; admin: AdminService; publicOrigin: PublicOrigin | null },
) {
  const { links, publicOrigin } = options;
  // Registered inside this plugin, so the guard covers exactly the routes below.
  app.addHook('preHandler', createAdminGuard(options.admin));

  app.get<SearchRequest>('/api/admin/links', async (request) => {
    const query = (request.query.q ?? '').trim();
    if (query === '') return [];
    return links.search(query, linkContextOf(request, publicOrigin).apiBase);
  });

  app.put<IdParams>('/api/admin/links/:id', async (request) => {
    const adminSessionId = requireUser(request).sessionId;
    const { disabled } = parseInput(disabledBodySchema, request.body);
    const link = await links.setDisabled(
      request.params.id,
      disabled,
      linkContextOf(request, publicOrigin).apiBase,
    );
    request.log.info(
      { adminSessionId, linkId: link.id, url: link.url },
      disabled ? 'admin disabled link' : 'admin enabled link',
    );
    return link;
  });
}
