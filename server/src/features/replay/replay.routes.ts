/**
 * POST /api/events/{id}/replay: sends a stored request once to a URL the user names and answers
 * with the target's answer. A request to this server's own capture URL is fed to the server
 * through an in-process connection (a duplex pair handed to the HTTP server as a new client), so
 * it is captured again byte for byte without the network and without the address guard.
 */
import { duplexPair } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { replayBodySchema } from '../../../../shared/replay.js';
import { base64JsonLimit } from '../../http/body-limits.js';
import { requireUser } from '../../http/identity.js';
import { requestOrigin } from '../../http/origin.js';
import { parseInput } from '../../http/validation.js';
import { eventIdSchema } from '../webhooks/events.routes.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import type { Resolver } from './address-guard.js';
import { createReplayService } from './replay.service.js';

export interface ReplayRoutesOptions {
  webhooks: Pick<WebhooksService, 'stored'>;
  publicUrl: string | null;
  allowPrivate: boolean;
  /** Largest captured body; an edited body of that size (as base64 in JSON) must still fit. */
  captureMaxBytes: number;
  resolve?: Resolver;
  timeoutMs?: number;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The origins this server is reached under: PUBLIC_URL, and the one this request came to. */
function ownOrigins(request: FastifyRequest, publicUrl: string | null): string[] {
  const origins = [publicUrl && originOf(publicUrl), originOf(requestOrigin(request))];
  return origins.filter((origin): origin is string => Boolean(origin));
}

export async function replayRoutes(app: FastifyInstance, options: ReplayRoutesOptions) {
  const replay = createReplayService({
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

  app.post(
    '/api/events/:id/replay',
    { bodyLimit: base64JsonLimit(options.captureMaxBytes) },
    async (request) => {
      const user = requireUser(request);
      const { id } = parseInput(eventIdSchema, request.params);
      const { url, ...overrides } = parseInput(replayBodySchema, request.body);
      return replay.replay(user, id, new URL(url), overrides, ownOrigins(request, options.publicUrl));
    },
  );
}
