/** The admin side of short links: find any link, disable or re-enable it. Behind the admin guard. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PublicOrigin } from '../../config.js';
import { createAdminGuard, type AdminCheck } from '../../http/admin-guard.js';
import { requireUser } from '../../http/identity.js';
import { adminOnly, invalid, json, notFound } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { LinksService } from './links.service.js';
import { linkContextOf } from './request-info.js';

const ADMIN = { tags: ['Admin'] };
const ADMIN_ONLY = { access: 'admin' } as const;

export const disabledBodySchema = z.object(
  { disabled: z.boolean({ error: 'disabled must be true or false.' }) },
  { error: 'Send a JSON body like {"disabled": true}.' },
);

export async function linksAdminRoutes(
  instance: FastifyInstance,
  options: { links: LinksService; admin: AdminCheck; publicOrigin: PublicOrigin | null },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { links, publicOrigin } = options;
  // Registered inside this plugin, so the guard covers exactly the routes below.
  // Before input is validated, so that only an admin learns what input is wrong.
  app.addHook('preValidation', createAdminGuard(options.admin));

  const searchSchema = {
    ...ADMIN,
    summary: 'Find short links by destination host or id',
    querystring: z.object({ q: z.string().optional() }),
    response: { 200: json('Up to 100 links.'), ...adminOnly },
  };
  app.get('/api/admin/links', { config: ADMIN_ONLY, schema: searchSchema }, async (request) => {
    const query = (request.query.q ?? '').trim();
    if (query === '') return [];
    return links.search(query, linkContextOf(request, publicOrigin).apiBase);
  });

  const disableSchema = {
    ...ADMIN,
    summary: 'Disable or re-enable a short link',
    description: 'A disabled link answers 410 "This link was disabled".',
    params: z.object({ id: z.string() }),
    body: disabledBodySchema,
    response: { 200: json('The link.'), ...invalid, ...adminOnly, ...notFound },
  };
  app.put('/api/admin/links/:id', { config: ADMIN_ONLY, schema: disableSchema }, async (request) => {
    const adminSessionId = requireUser(request).sessionId;
    const { disabled } = request.body;
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
