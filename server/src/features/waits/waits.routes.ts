/**
 * `GET /api/events/wait`: answers once `count` events matching the filters exist (at once if they
 * already do), or with 408 and what matched so far when the timeout passes first. The request is
 * held open meanwhile; a client that goes away ends its wait.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { z } from 'zod';
import { requireUser } from '../../http/identity.js';
import type { ZodRoutes } from '../../http/validation.js';
import { errorSchema, invalid, unauthorised } from '../../http/openapi/responses.js';
import { searchQuerySchema } from '../webhooks/event-search.js';
import type { WaitsService } from './waits.service.js';

export const WAIT_COUNT_MAX = 1000;
export const WAIT_TIMEOUT_MAX_S = 300;
const AFTER_MESSAGE = 'must be an event id';
export const MADE_PRIVATE_MESSAGE =
  'This inspector was made private while waiting: its session id alone gives no access. Send a key (Authorization: Bearer <key>).';
const COUNT_MESSAGE = `must be a whole number from 1 to ${WAIT_COUNT_MAX}`;
const TIMEOUT_MESSAGE = `must be a number of seconds from 0 to ${WAIT_TIMEOUT_MAX_S}`;

export const waitQuerySchema = z.object({
  after: z.coerce
    .number({ error: AFTER_MESSAGE })
    .int(AFTER_MESSAGE)
    .min(0, AFTER_MESSAGE)
    .default(0)
    .describe('Only events with a larger id count; default: every stored event.'),
  count: z.coerce
    .number({ error: COUNT_MESSAGE })
    .int(COUNT_MESSAGE)
    .min(1, COUNT_MESSAGE)
    .max(WAIT_COUNT_MAX, COUNT_MESSAGE)
    .default(1)
    .describe('How many matching events to wait for.'),
  timeout: z.coerce
    .number({ error: TIMEOUT_MESSAGE })
    .min(0, TIMEOUT_MESSAGE)
    .max(WAIT_TIMEOUT_MAX_S, TIMEOUT_MESSAGE)
    .default(30)
    .describe('Seconds to wait at most.'),
});

/** Time on top of the wait before the server's own idle cut may close a held connection. */
const IDLE_MARGIN_MS = 30_000;

/** The server closes connections idle for a while; a wait is idle by design, so it gets longer. */
function keepOpenFor(request: FastifyRequest, waitMs: number): void {
  const socket = request.raw.socket;
  if (socket.timeout !== undefined && socket.timeout > 0 && socket.timeout < waitMs + IDLE_MARGIN_MS) {
    socket.setTimeout(waitMs + IDLE_MARGIN_MS);
  }
}

const eventsSchema = z.array(z.looseObject({ id: z.number().int() }));

export async function waitsRoutes(instance: FastifyInstance, options: { waits: WaitsService }) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const schema = {
    tags: ['Webhook Inspector'],
    summary: 'Wait for matching requests',
    description:
      'Takes the filters of `GET /api/events` plus `after`, `count` and `timeout`. Answers with the first ' +
      '`count` matching events, oldest first, as soon as that many exist (at once if they already do). ' +
      'When the timeout passes first: 408 with the matches so far. A client that goes away ends the wait.',
    querystring: searchQuerySchema(waitQuerySchema),
    response: {
      200: z.object({ events: eventsSchema }).describe('All of them arrived.'),
      ...invalid,
      ...unauthorised,
      408: errorSchema
        .extend({ events: eventsSchema })
        .describe('The timeout passed first; the events that matched until then.'),
      401: errorSchema
        .extend({ events: eventsSchema.optional() })
        .describe(
          'No session or key; or the session was made private while waiting (with the matches so far).',
        ),
      503: errorSchema.extend({ events: eventsSchema }).describe('The server is shutting down; ask again.'),
    },
  };

  // No automatic HEAD route: it would wait to send nothing.
  app.get(
    '/api/events/wait',
    { exposeHeadRoute: false, config: { access: 'session', keyScope: 'read' }, schema },
    async (request, reply) => {
      const user = requireUser(request);
      const { after, count, timeout, filter } = request.query;
      const timeoutMs = Math.round(timeout * 1000);
      keepOpenFor(request, timeoutMs);
      const gone = new AbortController();
      reply.raw.on('close', () => gone.abort());
      const { ending, events } = await options.waits.wait(user.sessionId, {
        filter,
        after,
        count,
        timeoutMs,
        signal: gone.signal,
      });
      if (ending === 'done') return { events };
      if (gone.signal.aborted) return reply.hijack();
      if (ending === 'timeout') {
        return reply.status(408).send({
          error: `${events.length} of ${count} matching requests arrived within ${timeout} s.`,
          events,
        });
      }
      if (ending === 'private') return reply.status(401).send({ error: MADE_PRIVATE_MESSAGE, events });
      return reply.status(503).send({ error: 'The server is shutting down; ask again.', events });
    },
  );
}
