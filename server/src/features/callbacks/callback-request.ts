/**
 * The request a rule's callback sends, made from its templates over the captured request with the
 * answers' own template engine and caps (response-templates.ts): the URL, header values and body
 * are evaluated; the URL must then be an http(s) URL replay would accept. Signed the Standard
 * Webhooks way when the callback has a secret.
 */
import { randomUUID } from 'node:crypto';
import type { HeaderPairs } from '../../../../shared/replay.js';
import { replayTargetSchema } from '../../../../shared/replay.js';
import type { RuleCallback } from '../../../../shared/response-callbacks.js';
import {
  prepareAnswer,
  renderAnswer,
  renderTexts,
  type PreparedAnswer,
} from '../../../../shared/response-templates.js';
import { standardWebhooksHeaders } from '../../../../shared/signatures/sign.js';
import type { TemplateRequest, TemplateTools } from '../../../../shared/template-scope.js';
import type { OutgoingRequest } from '../replay/replay.service.js';
import { nodeHmac } from '../signing-secrets/keyed-hmac.js';

/** A callback with its header and body templates parsed once, when the rules are cached. */
export interface PreparedCallback {
  callback: RuleCallback;
  /** Headers and body, parsed as an answer's are (the status is unused). */
  parts: PreparedAnswer;
}

export interface CallbackRequest extends OutgoingRequest {
  target: URL;
}

const USER_AGENT = 'Hookbay-Callbacks/1';

export function prepareCallback(callback: RuleCallback): PreparedCallback {
  const { headers, body } = callback;
  return { callback, parts: prepareAnswer({ status: 200, headers, body, delayMs: 0 }) };
}

/** The URL the template gives, or why it gives none that can be sent to. */
function targetOf(url: string, request: TemplateRequest, tools: TemplateTools): URL | { error: string } {
  const rendered = renderTexts([url], request, tools);
  if ('error' in rendered) return { error: `The callback could not be made: ${rendered.error}` };
  const text = (rendered[0] ?? '').trim();
  const checked = replayTargetSchema.safeParse(text);
  if (!checked.success) {
    const shown = text === '' ? 'nothing' : `"${text.slice(0, 80)}"`;
    return { error: `The callback URL template gave ${shown}, not an http:// or https:// URL.` };
  }
  return new URL(checked.data);
}

/** Content-Type for a body the rule gave none: JSON when it reads as JSON, else plain text. */
function contentTypeOf(body: string): string {
  try {
    JSON.parse(body);
    return 'application/json';
  } catch {
    return 'text/plain; charset=utf-8';
  }
}

/**
 * The request to send for this capture, or `{error}` saying why none can be made (a template that
 * fails, a URL that is not http(s), a body past the cap).
 */
export function makeCallbackRequest(
  prepared: PreparedCallback,
  request: TemplateRequest,
  tools: TemplateTools,
): CallbackRequest | { error: string } {
  const target = targetOf(prepared.callback.url, request, tools);
  if ('error' in target) return target;
  const rendered = renderAnswer(prepared.parts, request, tools);
  if ('error' in rendered) return { error: `The callback could not be made: ${rendered.error}` };
  const body = Buffer.from(rendered.body, 'utf8');
  const headers: HeaderPairs = Object.entries(rendered.headers);
  const has = (name: string) => headers.some(([given]) => given.toLowerCase() === name);
  if (!has('user-agent')) headers.push(['User-Agent', USER_AGENT]);
  if (body.length > 0 && !has('content-type')) headers.push(['Content-Type', contentTypeOf(rendered.body)]);
  const { secret } = prepared.callback;
  if (secret) {
    const signed = standardWebhooksHeaders(
      nodeHmac,
      secret,
      `msg_${randomUUID()}`,
      Math.floor(tools.now().getTime() / 1000),
      body,
    );
    // The schema only accepts secrets that give a key.
    if (signed) headers.push(...Object.entries(signed));
  }
  return { target, method: prepared.callback.method, headers, body };
}
