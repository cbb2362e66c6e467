import type { FastifyInstance } from 'fastify';
import { urlBodySchema } from '../../../../shared/links.js';
import { requireUser } from '../../http/identity.js';
import { parseInput } from '../../http/validation.js';
import type { LinksService } from './links.service.js';
import { linkContextOf } from './request-info.js';

interface IdParams {
  Params: { id: string };
}

export async function linksRoutes(
  app: FastifyInstance,
  options: { links: LinksService; publicUrl: string | null },
) {
  const { links, publicUrl } = options;

  app.get('/api/urls', async (request) => {
    const user = requireUser(request);
    return links.list(user, linkContextOf(request, publicUrl).apiBase);
  });

  app.post('/api/urls', async (request, reply) => {
    const user = requireUser(request);
    const { url } = parseInput(urlBodySchema, request.body);
    const created = await links.create(user, url, linkContextOf(request, publicUrl));
    return reply.status(201).send(created);
  });

  app.put<IdParams>('/api/urls/:id', async (request) => {
    const user = requireUser(request);
    const { url } = parseInput(urlBodySchema, request.body);
    return links.update(user, request.params.id, url, linkContextOf(request, publicUrl));
  });

  app.delete<IdParams>('/api/urls/:id', async (request) => {
    const user = requireUser(request);
    await links.remove(user, request.params.id);
    return { ok: true };
  });
}
