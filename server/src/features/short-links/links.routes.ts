import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { linkCreateSchema, linkUpdateSchema } from '../../../../shared/link-targeting.js';
import { urlListQuerySchema } from '../../../../shared/link-tags.js';
import type { PublicOrigin } from '../../config.js';
import { requireUser } from '../../http/identity.js';
import { hitAll, type Limiter } from '../../http/rate-limit/limiter.js';
import { error, invalid, json, notFound, okSchema, unauthorised } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import { AliasTakenError } from './link-errors.js';
import { defineCreateLimits } from './link-limits.js';
import type { LinksService } from './links.service.js';
import { linkContextOf } from './request-info.js';

const idParams = z.object({ id: z.string() });
const SHORT_LINKS = { tags: ['Short links'] };
const SESSION = { access: 'session' } as const;

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

/** What the short-link routes are given, the bulk routes too. */
export interface LinkRoutesOptions {
  links: LinksService;
  publicOrigin: PublicOrigin | null;
  limiter: Limiter;
  /** Links one session, and one IP address, may create per minute and per day; bulk items count alike. */
  createLimits: { perMinute: number; perDay: number };
}

export async function linksRoutes(instance: FastifyInstance, options: LinkRoutesOptions) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { links, publicOrigin } = options;
  const createLimits = defineCreateLimits(options.limiter, options.createLimits);

  app.get(
    '/api/urls',
    {
      config: SESSION,
      schema: {
        ...SHORT_LINKS,
        summary: 'List the session’s short links',
        description: '`?tag=launch` keeps the links carrying that tag.',
        querystring: urlListQuerySchema,
        response: { 200: json('The links, newest first.'), ...unauthorised },
      },
    },
    async (request) =>
      links.list(requireUser(request), linkContextOf(request, publicOrigin).apiBase, request.query.tag),
  );

  const createSchema = {
    ...SHORT_LINKS,
    summary: 'Create a short link',
    description:
      'Optional: `alias` (the link id, 3-64 of A-Z a-z 0-9 - _), `expiresAt` (ISO 8601), `maxClicks`, ' +
      '`password`, `forwardQuery` (default true: the visit’s query string goes on to the destination), ' +
      '`rules` (at most 10, each a `destination` and 1-5 `conditions` of type device, country or language; ' +
      'the first whose conditions all match decides), `externalId` (your own id, unique in the session), ' +
      '`tags` (up to 10), `note` (up to 500 characters), `card` ({title ≤ 120, description ≤ 300, image ' +
      'http(s)} or null: the social card link previews show), `split` ({"variants": [{"destination", "weight"}], ' +
      '"sticky": false}: 2-4 variants whose whole weights 1-99 add up to 100 share the visits no rule takes; ' +
      'the answer gives each variant an `id`, which an edit sends back to keep its clicks; null on edit removes ' +
      'it). Destinations (variants’ too) must be http(s), without credentials, ' +
      'not this server’s own short links and not on the blocklist.',
    body: linkCreateSchema,
    response: {
      201: json('The new link.'),
      ...invalid,
      ...unauthorised,
      409: error('The alias is taken; `suggestion` names a free one.'),
      429: error('Too many links created; see Retry-After.'),
    },
  };
  app.post('/api/urls', { config: SESSION, schema: createSchema }, async (request, reply) => {
    const user = requireUser(request);
    const body = request.body;
    const context = linkContextOf(request, publicOrigin);
    return answer(reply, async () => {
      const countCreation = () => hitAll(request, createLimits);
      const created = await links.create({ user, countCreation }, body, context);
      return reply.status(201).send(created);
    });
  });

  const updateSchema = {
    ...SHORT_LINKS,
    summary: 'Change a short link',
    params: idParams,
    body: linkUpdateSchema,
    response: {
      200: json('The changed link.'),
      ...invalid,
      ...unauthorised,
      ...notFound,
      409: error('The alias is taken; `suggestion` names a free one.'),
    },
  };
  app.put('/api/urls/:id', { config: SESSION, schema: updateSchema }, async (request, reply) => {
    const user = requireUser(request);
    return answer(reply, async () => {
      const updated = await links.update(
        user,
        request.params.id,
        request.body,
        linkContextOf(request, publicOrigin),
      );
      return updated;
    });
  });

  const deleteSchema = {
    ...SHORT_LINKS,
    summary: 'Delete a short link',
    params: idParams,
    response: { 200: okSchema.describe('Deleted.'), ...unauthorised, ...notFound },
  };
  app.delete('/api/urls/:id', { config: SESSION, schema: deleteSchema }, async (request) => {
    const user = requireUser(request);
    await links.remove(user, request.params.id);
    return { ok: true };
  });
}
