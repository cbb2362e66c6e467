import type { FastifyInstance, FastifyReply } from 'fastify';
import { urlBodySchema, urlUpdateSchema } from '../../../../shared/links.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { PublicOrigin } from '../../config.js';
import { requireUser } from '../../http/identity.js';
import { hitAll, type Limiter } from '../../http/rate-limit/limiter.js';
import { parseInput } from '../../http/validation.js';
import { AliasTakenError } from './link-errors.js';
import { defineCreateLimits } from './link-limits.js';
import type { LinksService } from './links.service.js';
import { linkContextOf } from './request-info.js';

/** A link created, changed or deleted by its owner; `url` is null on delete. */
export interface LinkChange {
  event: 'link.created' | 'link.updated' | 'link.deleted';
  id: string;
  /** The id before an edit that renamed the link. */
  previousId?: string;
  url: string | null;
}

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
    /** Told of each link created, changed or deleted (link webhooks); must not wait or throw. */
    onChange?: (user: SessionUser, change: LinkChange) => void;
  },
) {
  const { links, publicOrigin } = options;
  const onChange = options.onChange ?? (() => undefined);
  const createLimits = defineCreateLimits(options.limiter, options.createLimits);

  app.get('/api/urls', async (request) => {
    const user = requireUser(request);
    return links.list(user, linkContextOf(request, publicOrigin).apiBase);
  });

  app.post('/api/urls', async (request, reply) => {
    const user = requireUser(request);
    const body = parseInput(urlBodySchema, request.body);
    const context = linkContextOf(request, publicOrigin);
    return answer(reply, async () => {
      const countCreation = () => hitAll(request, createLimits);
      const created = await links.create({ user, countCreation }, body, context);
      onChange(user, { event: 'link.created', id: created.id, url: created.url });
      return reply.status(201).send(created);
    });
  });

  app.put<IdParams>('/api/urls/:id', async (request, reply) => {
    const user = requireUser(request);
    const body = parseInput(urlUpdateSchema, request.body);
    return answer(reply, async () => {
      const updated = await links.update(user, request.params.id, body, linkContextOf(request, publicOrigin));
      const previousId = request.params.id;
      onChange(user, { event: 'link.updated', id: updated.id, previousId, url: updated.url });
      return updated;
    });
  });

  app.delete<IdParams>('/api/urls/:id', async (request) => {
    const user = requireUser(request);
    await links.remove(user, request.params.id);
    onChange(user, { event: 'link.deleted', id: request.params.id, url: null });
    return { ok: true };
  });
}
