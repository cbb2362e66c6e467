/**
 * The capture route's one call into scripted responses: which answer a captured request gets
 * from its session's rules, and how that answer is sent once the event is stored and pushed.
 * Templates are evaluated here, before the event is stored, so that it records what the sender got.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { streamTexts } from '../../../../shared/response-streams.js';
import {
  MAX_RENDERED_BODY_BYTES,
  renderAnswer,
  renderTexts,
  type PreparedAnswer,
  type RenderedAnswer,
} from '../../../../shared/response-templates.js';
import type { TemplateRequest } from '../../../../shared/template-scope.js';
import { isFault } from '../../../../shared/responses.js';
import { utf8Length } from '../../../../shared/rule-fields.js';
import type { ResponseStream } from '../../../../shared/response-streams.js';
import type { CaptureResponse } from '../../../../shared/webhooks.js';
import type { DueCallback } from '../callbacks/capture-callbacks.js';
import type { ArrivedRequest } from '../webhooks/event-insert.js';
import { actOutFault, type HeldConnections } from './faults.js';
import type { ResponsesService } from './responses.service.js';
import { sendStream, withTexts } from './stream-answer.js';

export interface RuleAnswer {
  /** What the event records about its answer. */
  record: CaptureResponse;
  /** Waits the response's delay, then sends it; call after the event is stored and pushed. */
  send(reply: FastifyReply): Promise<FastifyReply>;
  /** The rule's callback, to start once the event is stored. */
  callback?: DueCallback;
}

const TEMPLATE_TOOLS = { uuid: randomUUID, now: () => new Date() };

/** A fault records status 0: the sender got no answer. */
const NO_ANSWER = 0;

/**
 * The answer the rules give this capture, or null for the default answer (no rule matches, or
 * the body was refused for its size, which always answers 413).
 */
export async function chooseAnswer(
  responses: ResponsesService,
  capture: ArrivedRequest,
  held: HeldConnections,
): Promise<RuleAnswer | null> {
  if (capture.truncated) return null;
  const request = templateRequest(capture);
  const answer = await responses.answerFor(capture.sessionId, capture.method, capture.path, request);
  if (!answer) return null;
  const { response, pickedStatus } = answer;
  const rule = answer.ruleIndex + 1;
  // Whatever the answer, the rule calls back after it.
  const callback = answer.callback ? { callback: { prepared: answer.callback, request } } : {};
  if (isFault(response) && pickedStatus !== undefined) {
    // The sender asked for a status: it gets that, with no body, instead of the fault.
    return {
      ...callback,
      record: { status: pickedStatus, source: 'rule', rule },
      send: async (reply) => reply.status(pickedStatus).send(),
    };
  }
  if (isFault(response)) {
    return {
      ...callback,
      record: { status: NO_ANSWER, source: 'rule', rule },
      async send(reply) {
        if (response.delayMs > 0) await delay(response.delayMs);
        return actOutFault(reply, response.fault, held);
      },
    };
  }
  const made = answerTo(response, request);
  const rendered = 'error' in made || pickedStatus === undefined ? made : { ...made, status: pickedStatus };
  return {
    ...callback,
    record: { status: 'error' in rendered ? 500 : rendered.status, source: 'rule', rule },
    async send(reply) {
      // After the event is stored and pushed, so the browser shows the request while its sender waits.
      if (response.answer.delayMs > 0) await delay(response.answer.delayMs);
      if ('error' in rendered) {
        return reply.status(500).send({ error: `Rule ${rule} could not make its answer. ${rendered.error}` });
      }
      return sendResponse(reply, rendered);
    },
  };
}

type MadeAnswer = RenderedAnswer & { stream?: ResponseStream };

/** The rule's answer for this capture; most responses have no templates and are taken as written. */
function answerTo(prepared: PreparedAnswer, request: TemplateRequest): MadeAnswer | { error: string } {
  const { answer, templates } = prepared;
  // Without templates the schema allows only a numeric status.
  const rendered =
    templates === null
      ? { status: answer.status as number, headers: answer.headers, body: answer.body }
      : renderAnswer(prepared, request, TEMPLATE_TOOLS);
  if ('error' in rendered || !answer.stream) return rendered;
  const texts = renderTexts(
    streamTexts(answer.stream).map(([, text]) => text),
    request,
    TEMPLATE_TOOLS,
  );
  if ('error' in texts) return texts;
  if (texts.reduce((total, text) => total + utf8Length(text), 0) > MAX_RENDERED_BODY_BYTES) {
    return {
      error: `The stream made from the request is larger than ${MAX_RENDERED_BODY_BYTES / 1024 / 1024} MiB.`,
    };
  }
  return { ...rendered, stream: withTexts(answer.stream, texts) };
}

/** The capture as templates read it; the body is decoded only if a template asks for it. */
function templateRequest(capture: ArrivedRequest): TemplateRequest {
  let bodyText: string | undefined;
  return {
    method: capture.method,
    path: capture.path,
    queryString: capture.queryString,
    rawHeaders: capture.rawHeaders,
    get bodyText() {
      bodyText ??= capture.body.toString('utf8');
      return bodyText;
    },
  };
}

const isCorsHeader = (name: string) => name.toLowerCase().startsWith('access-control-');

/** The rule's status, headers and body, byte for byte; the capture's CORS headers stay unless the rule sets its own. */
function sendResponse(reply: FastifyReply, response: MadeAnswer): FastifyReply {
  const names = Object.keys(response.headers);
  if (names.some(isCorsHeader)) {
    for (const name of Object.keys(reply.getHeaders())) {
      if (isCorsHeader(name) || name === 'vary') reply.removeHeader(name);
    }
  }
  reply.status(response.status).headers(response.headers);
  if (response.stream) return sendStream(reply, response.stream);
  if (response.body === '') return reply.send();
  // Rule bodies are text; a rule that names no type gets one that says so.
  if (!reply.hasHeader('content-type')) reply.type('text/plain; charset=utf-8');
  // As bytes, so that Fastify adds nothing (such as a charset) to the rule's Content-Type.
  return reply.send(Buffer.from(response.body, 'utf8'));
}
