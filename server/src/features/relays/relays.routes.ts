/** `/api/relays`: a session's relay destinations, and the attempts each captured request had. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  MAX_RELAYS_PER_SESSION,
  RELAY_QUEUE_LIMIT,
  relayCreateSchema,
  relayUpdateSchema,
} from '../../../../shared/relays.js';
import { requireUser } from '../../http/identity.js';
import { error, invalid, json, notFound, okSchema, unauthorised } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { RelaysService } from './relays.service.js';

const idParams = z.object({ id: z.string().min(1).max(64) });
const eventParams = z.object({ eventId: z.coerce.number().int().positive() });
const RELAYS = { tags: ['Webhook Inspector'] };
const SESSION = { access: 'session' } as const;
const refused = {
  403: error('The target address is refused, or relays are switched off (REPLAY_PER_MINUTE=0).'),
};

export async function relaysRoutes(instance: FastifyInstance, options: { relays: RelaysService }) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { relays } = options;

  const listSchema = {
    ...RELAYS,
    summary: 'List the session’s relay destinations',
    response: { 200: json('Oldest first, with their state; secrets are not shown again.'), ...unauthorised },
  };
  app.get('/api/relays', { config: SESSION, schema: listSchema }, async (request) =>
    relays.list(requireUser(request)),
  );

  const createSchema = {
    ...RELAYS,
    summary: 'Add a relay destination',
    description:
      'Every capture matching `filter` (methods, a path glob, the search syntax) is passed on to `url`, in ' +
      'capture order, with the click webhooks’ retries. `mode` `sign` re-signs it the Standard Webhooks way ' +
      'with the `whsec_` secret shown in this answer only; `headers` sends the sender’s headers as they came. ' +
      `At most ${MAX_RELAYS_PER_SESSION} per session, ${RELAY_QUEUE_LIMIT} waiting per destination.`,
    body: relayCreateSchema,
    response: {
      201: json('The new destination, with its secret in `sign` mode.'),
      ...invalid,
      ...unauthorised,
      ...refused,
      409: error('The session holds the most relay destinations it can.'),
    },
  };
  app.post('/api/relays', { config: SESSION, schema: createSchema }, async (request, reply) =>
    reply.status(201).send(await relays.create(requireUser(request), request.body)),
  );

  const updateSchema = {
    ...RELAYS,
    summary: 'Change, re-enable or turn off a relay destination',
    description: 'A switch to `sign` makes a new secret, shown in this answer only.',
    params: idParams,
    body: relayUpdateSchema,
    response: { 200: json('The destination.'), ...invalid, ...unauthorised, ...refused, ...notFound },
  };
  app.patch('/api/relays/:id', { config: SESSION, schema: updateSchema }, async (request) =>
    relays.update(requireUser(request), request.params.id, request.body),
  );

  const deleteSchema = {
    ...RELAYS,
    summary: 'Delete a relay destination, its queue and its attempts',
    params: idParams,
    response: { 200: okSchema.describe('Deleted.'), ...invalid, ...unauthorised, ...notFound },
  };
  app.delete('/api/relays/:id', { config: SESSION, schema: deleteSchema }, async (request) => {
    await relays.remove(requireUser(request), request.params.id);
    return { ok: true };
  });

  const attemptsSchema = {
    ...RELAYS,
    summary: 'Every relay attempt of one captured request',
    params: eventParams,
    response: { 200: json('Oldest first; empty when none was made.'), ...invalid, ...unauthorised },
  };
  app.get('/api/relays/attempts/:eventId', { config: SESSION, schema: attemptsSchema }, async (request) =>
    relays.attempts(requireUser(request), request.params.eventId),
  );
}
