import type { FastifyInstance, FastifyReply } from 'fastify';
import { urlListQuerySchema } from '../../../../shared/link-tags.js';
import { urlBodySchema, urlUpdateSchema } from '../../../../shared/links.js';
import type { PublicOrigin } from '../../config.js';
import { requireUser } from '../../http/identity.js';
import { hitAll, type Limiter } from '../../http/rate-limit/limiter.js';
import { parseInput } from '../../http/validation.js';
import { AliasTakenError } from './link-errors.js';
import { defineCreateLimits } from './link-limits.js';
import type { LinksService } from './links.service.js';
import { linkContextOf } from './request-info.js';

interface IdParams {
  Params: { id: string };
}

/** Runs the action; a taken alias, the one error that carries more than a message, answers here. */
async function answer<T>(reply: FastifyReply, action: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof AliasTakenError) {
      return reply.status(409).send({ error: error.message, suggestion: error.suggestion });
    }
    throw error;
  }
}

export async function linksRoutes(
  app: FastifyInstance,
  options: {
    links: LinksService;
    publicOrigin: PublicOrigin | null;
    limiter: Limiter;
    /** Links one session, and one IP address, may create per minute and per day. */
    createLimits: { perMinute: number; perDay: number };
  },
) {
  const { links, publicOrigin } = options;
  const createLimits = defineCreateLimits(options.limiter, options.createLimits);

  app.get('/api/urls', async (request) => {
    const user = requireUser(request);
    const { tag } = parseInput(urlListQuerySchema, request.query);
    return links.list(user, linkContextOf(request, publicOrigin).apiBase, tag);
  });

  app.post('/api/urls', async (request, reply) => {
    const user = requireUser(request);
    const body = parseInput(urlBodySchema, request.body);
    const context = linkContextOf(request, publicOrigin);
    return answer(reply, async () => {
      const countCreation = () => hitAll(request, createLimits);
      const created = await links.create({ user, countCreation }, body, context);
      return reply.status(201).send(created);
    });
  });

  app.put<IdParams>('/api/urls/:id', async (request, reply) => {
    const user = requireUser(request);
    const body = parseInput(urlUpdateSchema, request.body);
    return answer(reply, () =>
      links.update(user, request.params.id, body, linkContextOf(request, publicOrigin)),
    );
  });

  app.delete<IdParams>('/api/urls/:id', async (request) => {
    const user = requireUser(request);
    await links.remove(user, request.params.id);
    return { ok: true };
  });
}
