/**
 * One inspector of `hookbay forward`: reads the session's event stream (GET /api/stream) and sends
 * each event, in order and once, to its target. After a reconnect it asks the stream for what came
 * after the last event it handled. With --respond the target's answer is posted back while the
 * sender waits for it; with --match only the events the search matches are sent on.
 */
import http from 'node:http';
import https from 'node:https';
import type { WebhookEvent } from '../../shared/webhooks.js';
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
} from '../api.js';
import type { HeaderPairs } from '../send.js';
import { createSseParser } from '../sse.js';
import { eventMatchesSearch } from './match.js';
import { eventLine, sendWithBody } from './send-event.js';

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 5000;
/** The server sends a keep-alive comment every 15 s; this much silence means the connection is dead. */
const STREAM_IDLE_MS = 45_000;

/** Wait before the n-th reconnect in a row (n from 0): 0.5 s, 1 s, 2 s, 4 s, then 5 s. */
export function backoffMs(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** attempt, MAX_RETRY_MS);
}

/** One inspector forwarded, and how. */
export interface InspectorSetup extends Caller {
  webhookUrl: URL;
  target: URL;
  respond: boolean;
  match?: string;
  /** Written before each line about this inspector: `[<session>] ` when there are several, else ''. */
  prefix: string;
  /** Aborted to stop: the stream closes once the request being forwarded is done. */
  stop: AbortSignal;
}

/** The server keeps at most this much of an error text in a forward report. */
const REPORT_ERROR_MAX = 2000;

/**
 * Forwards one event when it matches; with --respond, posts the answer back while its sender waits.
 * Then tells Hookbay what the target answered, so the browser's list shows it; a report that fails
 * is said on stderr and forwarding goes on.
 */
async function forwardEvent(setup: InspectorSetup, event: WebhookEvent): Promise<void> {
  const started = Date.now();
  let answer: { status: number; rawHeaders: HeaderPairs; body: string } | { error: string };
  let report: { status: number; ms: number } | { error: string; ms: number };
  try {
    const body = await bodyOf(setup, event);
    if (setup.match !== undefined && !eventMatchesSearch(event, body, setup.match)) return;
    const result = await sendWithBody(event, body, setup.target);
    const ms = Date.now() - started;
    const line = eventLine({ ...event, time: new Date(started), status: result.status, ms });
    process.stdout.write(`${setup.prefix}${line}\n`);
    answer = { status: result.status, rawHeaders: result.rawHeaders, body: result.body.toString('base64') };
    report = { status: result.status, ms };
  } catch (error) {
    const message = errorText(error);
    const ms = Date.now() - started;
    const line = eventLine({ ...event, time: new Date(started), error: message, ms });
    process.stdout.write(`${setup.prefix}${line}\n`);
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
  setup: InspectorSetup,
  eventId: number,
  route: 'forwarded-response' | 'forwarded',
  body: object,
  what: string,
): Promise<void> {
  try {
    await api(setup, `/api/events/${eventId}/${route}`, { method: 'POST', body });
  } catch (error) {
    process.stderr.write(
      `${setup.prefix}Could not hand ${what} for event ${eventId} back to Hookbay: ${errorText(error)}\n`,
    );
  }
}

interface StreamState {
  lastId: number | null;
  onOpen(): void;
}

/**
 * Reads the stream once, until it ends or the setup is stopped; forwards each new event in order.
 * Resolves when the connection ends, rejects with ApiError on an HTTP error.
 */
function readStream(setup: InspectorSetup, state: StreamState): Promise<void> {
  const url = new URL(`${setup.apiBase}/api/stream`);
  if (setup.respond) url.searchParams.set('respond', '1');
  const client = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = { ...identityHeaders(setup), accept: 'text/event-stream' };
  if (state.lastId !== null) headers['last-event-id'] = String(state.lastId);
  return new Promise((resolve, reject) => {
    const request = client.get(url, { headers, timeout: STREAM_IDLE_MS });
    const close = () => request.destroy();
    // Stopped while the key was being checked: an aborted signal fires no more.
    if (setup.stop.aborted) close();
    else setup.stop.addEventListener('abort', close, { once: true });
    request.on('close', () => setup.stop.removeEventListener('abort', close));
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
          for (let event = events.shift(); event && !setup.stop.aborted; event = events.shift()) {
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

/** Resolves after `ms`, or at once when the setup is stopped. */
function pause(ms: number, stop: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    stop.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      stop.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** Forwards one inspector until stopped (answers 0), or until Hookbay refuses the session or the key (answers 1). */
export async function forwardInspector(setup: InspectorSetup): Promise<number> {
  const say = (text: string) => process.stderr.write(`${setup.prefix}${text}\n`);
  let attempt = 0;
  let isKeyChecked = false;
  const state: StreamState = {
    lastId: null,
    onOpen() {
      if (attempt > 0) say('Reconnected.');
      else {
        const responds = setup.respond ? ' (answers go back to the sender)' : '';
        const matching =
          setup.match === undefined ? '' : ` (only requests matching ${JSON.stringify(setup.match)})`;
        say(`Forwarding ${setup.webhookUrl} to ${setup.target}${matching}${responds}. Ctrl+C stops.`);
      }
      attempt = 0;
    },
  };
  while (!setup.stop.aborted) {
    let problem = 'the connection closed';
    try {
      if (!isKeyChecked) {
        const mismatch = await keyMismatch(setup);
        if (mismatch) {
          say(mismatch);
          return 1;
        }
        isKeyChecked = true;
      }
      await readStream(setup, state);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
        const unknown = `Unknown session ${setup.sessionId} at ${setup.apiBase}: check the webhook URL (open Hookbay to see yours).`;
        say(refusalLine(setup, error.reason, unknown));
        return 1;
      }
      problem = errorText(error);
    }
    if (setup.stop.aborted) break;
    const wait = backoffMs(attempt++);
    say(`Stream lost (${problem}); reconnecting in ${wait / 1000} s…`);
    await pause(wait, setup.stop);
  }
  return 0;
}
