/**
 * `hookbay forward`: reads the session's event stream (GET /api/stream) and sends each event, in
 * order and once, to the target: same method, headers in their original order and case, body
 * byte for byte. After a reconnect it asks the stream for what came after the last event it
 * forwarded. With --respond the target's answer is posted back while the sender waits for it.
 */
import http from 'node:http';
import https from 'node:https';
import { isHopByHop } from '../shared/hop-by-hop.js';
import type { WebhookEvent } from '../shared/webhooks.js';
import type { ForwardCommand } from './args.js';
import { apiBaseOf, sessionIdOf } from './args.js';
import {
  api,
  ApiError,
  bodyOf,
  errorMessageOf,
  errorText,
  identityHeaders,
  keyMismatch,
  refusalLine,
  type Caller,
} from './api.js';
import { send, type HeaderPairs, type TargetAnswer } from './send.js';
import { createSseParser } from './sse.js';

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 5000;
/** The server sends a keep-alive comment every 15 s; this much silence means the connection is dead. */
const STREAM_IDLE_MS = 45_000;

/**
 * The target path followed by the event's sub-path and query: target `http://h/hooks` and event
 * `/github` `x=1` give `http://h/hooks/github?x=1`. The target's own query, if any, comes first.
 * @param subPath always starts with "/" ("/" for the bare webhook URL)
 * @param queryString without "?"
 */
export function targetUrlFor(target: URL, subPath: string, queryString: string): string {
  const base = target.pathname.replace(/\/+$/, '');
  const path = subPath === '/' ? base || '/' : base + subPath;
  const query = [target.search.slice(1), queryString].filter(Boolean).join('&');
  return `${target.origin}${path}${query ? `?${query}` : ''}`;
}

/**
 * The event's header lines to send on: original order and case, without hop-by-hop headers (nor
 * those the Connection header names), with Host and Content-Length for the new request, each kept
 * where it was.
 */
export function forwardedHeaders(rawHeaders: HeaderPairs, host: string, bodyLength: number): HeaderPairs {
  const named = new Set<string>();
  for (const [name, value] of rawHeaders) {
    if (name.toLowerCase() !== 'connection') continue;
    for (const token of value.split(',')) named.add(token.trim().toLowerCase());
  }
  const result: HeaderPairs = [];
  let hasHost = false;
  let hasLength = false;
  for (const [name, value] of rawHeaders) {
    const lower = name.toLowerCase();
    if (isHopByHop(lower) || named.has(lower)) continue;
    if (lower === 'host') {
      if (!hasHost) result.push([name, host]);
      hasHost = true;
    } else if (lower === 'content-length') {
      if (!hasLength) result.push([name, String(bodyLength)]);
      hasLength = true;
    } else result.push([name, value]);
  }
  if (!hasHost) result.unshift(['Host', host]);
  if (!hasLength && bodyLength > 0) result.push(['Content-Length', String(bodyLength)]);
  return result;
}

/** Wait before the n-th reconnect in a row (n from 0): 0.5 s, 1 s, 2 s, 4 s, then 5 s. */
export function backoffMs(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** attempt, MAX_RETRY_MS);
}

function clock(date: Date): string {
  return date.toTimeString().slice(0, 8);
}

export interface EventLine {
  time: Date;
  method: string;
  path: string;
  queryString: string;
  status?: number;
  error?: string;
  ms: number;
}

/** The line printed for one forwarded (or replayed) event. */
export function eventLine({ time, method, path, queryString, status, error, ms }: EventLine): string {
  const where = queryString ? `${path}?${queryString}` : path;
  const outcome = error === undefined ? String(status) : `failed: ${error}`;
  return `${clock(time)} ${method} ${where} -> ${outcome} (${ms} ms)`;
}

/** Sends a stored event to the target. */
export async function sendEvent(caller: Caller, event: WebhookEvent, target: URL): Promise<TargetAnswer> {
  const body = await bodyOf(caller, event);
  const url = targetUrlFor(target, event.path, event.queryString);
  const headers = forwardedHeaders(event.rawHeaders, new URL(url).host, body.length);
  return send(url, { method: event.method, headers, body });
}

interface Setup extends Caller {
  target: URL;
  respond: boolean;
}

/** The server keeps at most this much of an error text in a forward report. */
const REPORT_ERROR_MAX = 2000;

/**
 * Forwards one event; with --respond, posts the answer back while its sender waits. Then tells
 * Hookbay what the target answered, so the browser's list shows it; a report that fails is said on
 * stderr and forwarding goes on.
 */
async function forwardEvent(setup: Setup, event: WebhookEvent): Promise<void> {
  const started = Date.now();
  let answer: { status: number; rawHeaders: HeaderPairs; body: string } | { error: string };
  let report: { status: number; ms: number } | { error: string; ms: number };
  try {
    const result = await sendEvent(setup, event, setup.target);
    const ms = Date.now() - started;
    process.stdout.write(`${eventLine({ ...event, time: new Date(started), status: result.status, ms })}\n`);
    answer = { status: result.status, rawHeaders: result.rawHeaders, body: result.body.toString('base64') };
    report = { status: result.status, ms };
  } catch (error) {
    const message = errorText(error);
    const ms = Date.now() - started;
    process.stdout.write(`${eventLine({ ...event, time: new Date(started), error: message, ms })}\n`);
    answer = { error: message };
    report = { error: message.slice(0, REPORT_ERROR_MAX) || 'failed', ms };
  }
  // Only a capture stored while awaiting an answer still waits for one.
  if (setup.respond && event.response?.status === null) {
    await tellHookbay(setup, event.id, 'forwarded-response', answer, 'the answer');
  }
  await tellHookbay(setup, event.id, 'forwarded', report, "the target's status");
}

async function tellHookbay(
  setup: Setup,
  eventId: number,
  route: 'forwarded-response' | 'forwarded',
  body: object,
  what: string,
): Promise<void> {
  try {
    await api(setup, `/api/events/${eventId}/${route}`, { method: 'POST', body });
  } catch (error) {
    process.stderr.write(
      `Could not hand ${what} for event ${eventId} back to Hookbay: ${errorText(error)}\n`,
    );
  }
}

interface StreamState {
  lastId: number | null;
  onOpen(): void;
}

/**
 * Reads the stream once, until it ends; forwards each new event in order. Resolves when the
 * connection ends, rejects with ApiError on an HTTP error.
 */
function readStream(setup: Setup, state: StreamState): Promise<void> {
  const url = new URL(`${setup.apiBase}/api/stream`);
  if (setup.respond) url.searchParams.set('respond', '1');
  const client = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = { ...identityHeaders(setup), accept: 'text/event-stream' };
  if (state.lastId !== null) headers['last-event-id'] = String(state.lastId);
  return new Promise((resolve, reject) => {
    const request = client.get(url, { headers, timeout: STREAM_IDLE_MS });
    request.on('timeout', () => request.destroy(new Error('the stream went silent')));
    request.on('error', reject);
    request.on('response', async (response) => {
      if (response.statusCode !== 200) {
        let text = '';
        for await (const chunk of response) text += chunk;
        reject(new ApiError(response.statusCode ?? 0, errorMessageOf(text)));
        return;
      }
      state.onOpen();
      const events: WebhookEvent[] = [];
      const parse = createSseParser((message) => {
        if (message.event === 'webhook-request') events.push(JSON.parse(message.data) as WebhookEvent);
      });
      response.setEncoding('utf8');
      try {
        // Reading waits while an event is forwarded: one at a time, in order.
        for await (const chunk of response) {
          parse(chunk as string);
          for (let event = events.shift(); event; event = events.shift()) {
            if (state.lastId !== null && event.id <= state.lastId) continue;
            await forwardEvent(setup, event);
            state.lastId = event.id;
          }
        }
        resolve();
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** Runs until stopped; answers 1 when Hookbay refuses the session or the key. */
export async function forward(command: ForwardCommand): Promise<number> {
  const setup: Setup = {
    apiBase: apiBaseOf(command.webhookUrl),
    sessionId: sessionIdOf(command.webhookUrl),
    key: command.key,
    target: command.target,
    respond: command.respond,
  };
  let attempt = 0;
  let isKeyChecked = false;
  const state: StreamState = {
    lastId: null,
    onOpen() {
      if (attempt > 0) process.stderr.write('Reconnected.\n');
      else
        process.stderr.write(
          `Forwarding ${command.webhookUrl} to ${command.target}${command.respond ? ' (answers go back to the sender)' : ''}. Ctrl+C stops.\n`,
        );
      attempt = 0;
    },
  };
  for (;;) {
    let problem = 'the connection closed';
    try {
      if (!isKeyChecked) {
        const mismatch = await keyMismatch(setup);
        if (mismatch) {
          process.stderr.write(`${mismatch}\n`);
          return 1;
        }
        isKeyChecked = true;
      }
      await readStream(setup, state);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
        const unknown = `Unknown session ${setup.sessionId} at ${setup.apiBase}: check the webhook URL (open Hookbay to see yours).`;
        process.stderr.write(`${refusalLine(setup, error.reason, unknown)}\n`);
        return 1;
      }
      problem = errorText(error);
    }
    const wait = backoffMs(attempt++);
    process.stderr.write(`Stream lost (${problem}); reconnecting in ${wait / 1000} s…\n`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
