/**
 * POST /api/events/{id}/replay: sends a stored request once to a URL the user names and answers
 * with the target's answer. Limited per session and per IP address (REPLAY_PER_MINUTE), so that a
 * public instance is no open relay; 0 switches server-side replay off. A request to this server's
 * own capture URL is fed to the server through an in-process connection (a duplex pair handed to
 * the HTTP server as a new client), so it is captured again byte for byte without the network and
 * without the address guard.
 */
import { duplexPair } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { replayBodySchema } from '../../../../shared/replay.js';
import type { PublicOrigin } from '../../config.js';
import { base64JsonLimit } from '../../http/body-limits.js';
import { clientIp } from '../../http/client-ip.js';
import { ForbiddenError } from '../../http/errors.js';
import { requireUser } from '../../http/identity.js';
import { requestOrigin } from '../../http/origin.js';
import { hitAll, type Limit, type Limiter } from '../../http/rate-limit/limiter.js';
import { error, invalid, notFound, unauthorised } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import { eventIdSchema } from '../webhooks/events.routes.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import type { Resolver } from './address-guard.js';
import { createReplayService, type ReplayService } from './replay.service.js';

export interface ReplayRoutesOptions {
  webhooks: Pick<WebhooksService, 'stored'>;
  publicOrigin: PublicOrigin | null;
  allowPrivate: boolean;
  /** Replays one session, and one IP address, may start per minute; 0: server-side replay is off. */
  perMinute: number;
  limiter: Limiter;
  /** Largest captured body; an edited body of that size (as base64 in JSON) must still fit. */
  captureMaxBytes: number;
  resolve?: Resolver;
  timeoutMs?: number;
}

export const REPLAY_OFF_MESSAGE =
  'Server-side replay is switched off on this Hookbay instance; use `hookbay replay` from your own machine.';
export const TOO_MANY_REPLAYS_MESSAGE =
  'Too many replays in the last minute. Please wait a moment, or use `hookbay replay` from your own machine.';

/** The origin the request came to, as URL parsing spells it (lower case, no default port). */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The origins this server is reached under: PUBLIC_URL, and the one this request came to. */
export function ownOrigins(request: FastifyRequest, configured: PublicOrigin | null): string[] {
  const origins = [configured?.origin, originOf(requestOrigin(request))];
  return origins.filter((origin): origin is string => Boolean(origin));
}

/** The per-session and per-address limits; none when replay is off. */
export function defineReplayLimits(limiter: Limiter, perMinute: number): Limit[] {
  if (perMinute === 0) return [];
  const perMinuteBy = (by: string, subjectOf: (request: FastifyRequest) => string | null) =>
    limiter.define({
      name: `replays-per-${by}`,
      max: perMinute,
      windowMs: 60_000,
      subjectOf,
      message: TOO_MANY_REPLAYS_MESSAGE,
    });
  return [perMinuteBy('session', (request) => request.user?.sessionId ?? null), perMinuteBy('ip', clientIp)];
}

const schema = {
  tags: ['Webhook Inspector'],
  summary: 'Send a captured request again, from the server',
  description:
    'Anything left out is taken from the stored request. Targets on loopback, private, link-local, ' +
    'CGNAT or multicast addresses are refused unless REPLAY_ALLOW_PRIVATE is set; this server’s own ' +
    'webhook URLs are always allowed. Redirects are not followed. One session, and one IP address, ' +
    'may start REPLAY_PER_MINUTE replays a minute; 0 switches server-side replay off.',
  params: eventIdSchema,
  body: replayBodySchema,
  response: {
    200: z
      .object({
        status: z.number().int(),
        headers: z.array(z.tuple([z.string(), z.string()])),
        body: z.string(),
        bodyEncoding: z.enum(['utf8', 'base64']),
        durationMs: z.number(),
        truncated: z.boolean(),
      })
      .describe('The target’s answer.'),
    ...invalid,
    ...unauthorised,
    403: error('The target resolves to a refused address, or server-side replay is switched off.'),
    ...notFound,
    429: error('Too many replays in the last minute; see Retry-After.'),
    502: error('The target could not be reached or did not answer in 10 s.'),
  },
};

/** The replay service of this server, handing requests to its own capture URLs straight to it. */
export function replayServiceOf(
  app: FastifyInstance,
  options: Pick<ReplayRoutesOptions, 'webhooks' | 'allowPrivate' | 'resolve' | 'timeoutMs'>,
): ReplayService {
  return createReplayService({
    webhooks: options.webhooks,
    allowPrivate: options.allowPrivate,
    connectToSelf: () => {
      const [client, server] = duplexPair();
      // The two ends do not close each other; a replay given up on must not leave the server's end open.
      client.once('close', () => server.destroy());
      app.server.emit('connection', server);
      return client;
    },
    resolve: options.resolve,
    timeoutMs: options.timeoutMs,
  });
}

export async function replayRoutes(instance: FastifyInstance, options: ReplayRoutesOptions) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const replayLimits = defineReplayLimits(options.limiter, options.perMinute);
  const replay = replayServiceOf(app, options);

  app.post(
    '/api/events/:id/replay',
    { bodyLimit: base64JsonLimit(options.captureMaxBytes), config: { access: 'session' }, schema },
    async (request) => {
      const user = requireUser(request);
      if (options.perMinute === 0) throw new ForbiddenError(REPLAY_OFF_MESSAGE);
      const { id } = request.params;
      const { url, ...overrides } = request.body;
      // Counted once the request is well-formed, before the event or the target is looked at:
      // probing which targets are refused costs as much as replaying to them.
      await hitAll(request, replayLimits);
      return replay.replay(user, id, new URL(url), overrides, ownOrigins(request, options.publicOrigin));
    },
  );
}
