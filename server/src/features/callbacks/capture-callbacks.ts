/**
 * Where the capture route hands a rule's callback over: the callback is counted in the session's
 * replay limit (the limit named `replays-per-session`, which replay and bulk replay count in too)
 * through the capture request, and starts once that request's answer went out.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { TemplateRequest } from '../../../../shared/template-scope.js';
import type { PublicOrigin } from '../../config.js';
import { hitAll, type Limiter } from '../../http/rate-limit/limiter.js';
import { ownOrigins } from '../replay/replay.routes.js';
import type { PreparedCallback } from './callback-request.js';
import type { CallbacksService } from './callbacks.service.js';

/** What a rule's answer carries when its rule has a callback. */
export interface DueCallback {
  prepared: PreparedCallback;
  request: TemplateRequest;
}

export type StartCallback = (
  request: FastifyRequest,
  reply: FastifyReply,
  owner: SessionUser,
  eventId: number,
  due: DueCallback,
) => void;

/** Call before the answer is sent: it listens for the answer's end. */
export function callbackStarter(options: {
  callbacks: CallbacksService;
  limiter: Limiter;
  perMinute: number;
  publicOrigin: PublicOrigin | null;
}): StartCallback {
  // The capture request is the limit's subject; its session is known only to the route.
  const sessionOf = new WeakMap<FastifyRequest, string>();
  const limit =
    options.perMinute === 0
      ? null
      : options.limiter.define({
          name: 'replays-per-session',
          max: options.perMinute,
          windowMs: 60_000,
          subjectOf: (request) => sessionOf.get(request) ?? null,
          message: 'Too many replays and callbacks in the last minute.',
        });
  return (request, reply, owner, eventId, due) => {
    sessionOf.set(request, owner.sessionId);
    const answered = new Promise((resolve) => reply.raw.once('close', resolve));
    options.callbacks.schedule({
      owner,
      eventId,
      ...due,
      answered,
      count: async () => {
        if (limit) await hitAll(request, [limit]);
      },
      ownOrigins: ownOrigins(request, options.publicOrigin),
    });
  };
}
