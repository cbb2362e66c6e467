/**
 * The capture route's one call into scripted responses: which answer a captured request gets
 * from its session's rules, and how that answer is sent once the event is stored and pushed.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import type { ScriptedResponse } from '../../../../shared/responses.js';
import type { CaptureResponse } from '../../../../shared/webhooks.js';
import type { ResponsesService } from './responses.service.js';

export interface RuleAnswer {
  /** What the event records about its answer. */
  record: CaptureResponse;
  /** Waits the response's delay, then sends it; call after the event is stored and pushed. */
  send(reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * The answer the rules give this capture, or null for the default answer (no rule matches, or
 * the body was refused for its size, which always answers 413).
 */
export async function chooseAnswer(
  responses: ResponsesService,
  capture: { sessionId: string; method: string; path: string; truncated: boolean },
): Promise<RuleAnswer | null> {
  if (capture.truncated) return null;
  const answer = await responses.answerFor(capture.sessionId, capture.method, capture.path);
  if (!answer) return null;
  const { response } = answer;
  return {
    record: { status: response.status, source: 'rule', rule: answer.ruleIndex + 1 },
    async send(reply) {
      // After the event is stored and pushed, so the browser shows the request while its sender waits.
      if (response.delayMs > 0) await delay(response.delayMs);
      return sendResponse(reply, response);
    },
  };
}

const isCorsHeader = (name: string) => name.toLowerCase().startsWith('access-control-');

/** The rule's status, headers and body, byte for byte; the capture's CORS headers stay unless the rule sets its own. */
function sendResponse(reply: FastifyReply, response: ScriptedResponse): FastifyReply {
  const names = Object.keys(response.headers);
  if (names.some(isCorsHeader)) {
    for (const name of Object.keys(reply.getHeaders())) {
      if (isCorsHeader(name) || name === 'vary') reply.removeHeader(name);
    }
  }
  reply.status(response.status).headers(response.headers);
  if (response.body === '') return reply.send();
  // Rule bodies are text; a rule that names no type gets one that says so.
  if (!reply.hasHeader('content-type')) reply.type('text/plain; charset=utf-8');
  // As bytes, so that Fastify adds nothing (such as a charset) to the rule's Content-Type.
  return reply.send(Buffer.from(response.body, 'utf8'));
}
