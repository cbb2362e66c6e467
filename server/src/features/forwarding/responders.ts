/**
 * Captures answered by the user's own app: while a `hookbay forward --respond` forwarder streams a
 * session (on any instance), its captures are stored, then wait for the answer the forwarder got
 * from its target and posts back. The answer may reach any instance: it is handed to the waiting
 * capture here, or sent over the cluster channel to the instance that holds it. An answer that
 * comes before its capture started waiting (a very fast forwarder) is kept for the wait's length.
 */
import type { FastifyReply } from 'fastify';
import { isHopByHop } from '../../../../shared/hop-by-hop.js';
import { WEBHOOK_RESPONSE } from '../../../../shared/realtime.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { CaptureResponse, WebhookEvent } from '../../../../shared/webhooks.js';
import type { Cluster } from '../../realtime/cluster.js';
import type { ForwardedAnswer } from '../../realtime/cluster-events.js';
import type { Publisher } from '../../realtime/publisher.js';
import type { WebhooksRepo } from '../webhooks/webhooks.repo.js';
import type { StreamHub } from './stream-hub.js';

export interface Responders {
  /** True when a capture for this session must wait for a forwarder's answer (decide before storing). */
  isAwaited(sessionId: string): boolean;
  /**
   * Waits for the answer to the stored `event` and sends it to the sender (the target's status,
   * headers and body; 502 JSON when the target failed, 504 JSON when no answer came in time),
   * then records what the sender got and tells the owner's browser.
   */
  relay(owner: SessionUser, event: WebhookEvent, reply: FastifyReply): Promise<FastifyReply>;
  /** The forwarder's answer for the user's event `id`. */
  deliver(id: number, answer: ForwardedAnswer): void;
}

/** The status a capture is stored with while its answer is awaited. */
export const AWAITING_FORWARDER: CaptureResponse = { status: null, source: 'forwarder' };

/** The target's header lines as one header object, repeated names kept as arrays in order. */
export function passedOnHeaders(rawHeaders: [string, string][]): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of rawHeaders) {
    // Content-Length is Fastify's to set for the body it sends.
    if (isHopByHop(name) || name.toLowerCase() === 'content-length') continue;
    const key = name.toLowerCase();
    const existing = headers[key];
    if (existing === undefined) headers[key] = value;
    else headers[key] = [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return headers;
}

export function createResponders(deps: {
  hub: StreamHub;
  cluster: Cluster;
  repo: WebhooksRepo;
  publisher: Publisher;
  timeoutMs: number;
  logError(error: unknown, message: string): void;
}): Responders {
  const waiting = new Map<number, (answer: ForwardedAnswer) => void>();
  const early = new Map<number, ForwardedAnswer>();

  /** Hands the answer to its capture if it waits here; false when none does (yet). */
  function settle(id: number, answer: ForwardedAnswer): boolean {
    const resolve = waiting.get(id);
    if (resolve) {
      resolve(answer);
      return true;
    }
    early.set(id, answer);
    setTimeout(() => early.delete(id), deps.timeoutMs).unref();
    return false;
  }
  deps.cluster.onForwardedAnswer(settle);

  function answerFor(id: number): Promise<ForwardedAnswer | null> {
    const known = early.get(id);
    if (known) {
      early.delete(id);
      return Promise.resolve(known);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(null), deps.timeoutMs);
      function finish(answer: ForwardedAnswer | null) {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(answer);
      }
      waiting.set(id, finish);
    });
  }

  async function record(owner: SessionUser, event: WebhookEvent, response: CaptureResponse) {
    try {
      await deps.repo.setResponse(owner.sessionId, event.id, response);
    } catch (error) {
      // The sender's answer does not depend on it; the list shows the response as still awaited.
      deps.logError(error, 'recording a forwarded response failed');
      return;
    }
    deps.publisher.toUser(owner.id, WEBHOOK_RESPONSE, { id: event.id, response });
  }

  return {
    isAwaited: (sessionId) => deps.hub.hasResponder(sessionId),
    async relay(owner, event, reply) {
      const answer = await answerFor(event.id);
      if (answer === null) {
        await record(owner, event, { status: 504, source: 'error' });
        return reply.status(504).send({
          error: `The forwarder did not answer within ${deps.timeoutMs} ms. The request was stored.`,
          id: event.id,
        });
      }
      if ('error' in answer) {
        await record(owner, event, { status: 502, source: 'error' });
        return reply.status(502).send({
          error: `The forwarder could not reach its target: ${answer.error}`,
          id: event.id,
        });
      }
      await record(owner, event, { status: answer.status, source: 'forwarder' });
      return reply
        .status(answer.status)
        .headers(passedOnHeaders(answer.rawHeaders))
        .send(Buffer.from(answer.body, 'base64'));
    },
    deliver(id, answer) {
      if (!settle(id, answer)) deps.cluster.sendForwardedAnswer(id, answer);
    },
  };
}
