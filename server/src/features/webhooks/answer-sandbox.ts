/**
 * Whatever a webhook URL answers (the default answer, its errors, a scripted response, a
 * forwarder's answer) is chosen by whoever holds that URL, yet it comes from Hookbay's own origin.
 * Every such answer is therefore sandboxed: a browser that opens it gives the page an opaque
 * origin and runs none of its scripts, and the headers that would set or clear the origin's
 * cookies or storage are dropped on the way out. Machines sending webhooks ignore all of this.
 */
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { BROWSER_STATE_HEADERS } from '../../../../shared/browser-state-headers.js';

/** No scripts, no forms, no plugins, an opaque origin, nothing loaded, never framed. */
export const SANDBOX_POLICY = "sandbox; default-src 'none'; frame-ancestors 'none'";

const CSP = 'content-security-policy';

/** Keeps a policy the answer brings (every policy sent is enforced) and adds the sandbox to it. */
function policiesWithSandbox(reply: FastifyReply): string | string[] {
  const own = reply.getHeader(CSP);
  if (own === undefined) return SANDBOX_POLICY;
  return [...(Array.isArray(own) ? own : [String(own)]), SANDBOX_POLICY];
}

export const sandboxAnswer: onSendHookHandler = (_request: FastifyRequest, reply, payload, done) => {
  for (const name of BROWSER_STATE_HEADERS) reply.removeHeader(name);
  reply.header(CSP, policiesWithSandbox(reply)).header('x-content-type-options', 'nosniff');
  done(null, payload);
};
