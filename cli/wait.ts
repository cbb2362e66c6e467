/**
 * `hookbay wait`: waits for matching requests through `GET /api/events/wait` and prints each as
 * one JSON line. A wait is made of slices no longer than WAIT_SLICE_MAX_MS, each asking for what
 * is still missing after the last event seen, so a wait lasts as long as asked even though the
 * server holds one request at most 300 s, and no reverse proxy cuts a long-held request (nginx
 * gives up on an upstream after 60 s unless told otherwise).
 */
import type { WebhookEvent } from '../shared/webhooks.js';
import type { WaitCommand } from './event-args.js';
import {
  apiWithStatus,
  callerOf,
  EXIT_UNREACHABLE,
  keyMismatch,
  newestEventId,
  reportApiFailure,
  type Caller,
} from './api.js';

/** The longest request of one wait; the server's own cap is 300 s. */
export const WAIT_SLICE_MAX_MS = 50_000;
/** A server shutting down answers 503; its replacement is asked again after this. */
const SHUTDOWN_RETRY_MS = 1000;

export const EXIT_DONE = 0;
export const EXIT_TIMEOUT = 1;

export interface WaitSpec {
  /** Text searched as `q`. */
  match?: string;
  /** Methods, comma-separated. */
  method?: string;
  count: number;
  timeoutMs: number;
  /** Only events with a larger id count; undefined: every stored event. */
  after?: number;
}

interface WaitAnswer {
  events?: WebhookEvent[];
}

/** The query of one slice: the filters, what is still missing, and how long this slice may take. */
export function sliceQuery(
  spec: WaitSpec,
  after: number | undefined,
  missing: number,
  sliceMs: number,
): string {
  const query = new URLSearchParams();
  if (spec.match !== undefined) query.set('q', spec.match);
  if (spec.method !== undefined) query.set('method', spec.method);
  if (after !== undefined) query.set('after', String(after));
  query.set('count', String(missing));
  query.set('timeout', String(sliceMs / 1000));
  return query.toString();
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Waits until `spec.count` matching events have arrived, handing each to `onEvent` as soon as it is
 * known, oldest first and once. Resolves `done` or `timeout`; throws ApiError when the server
 * refuses, or fetch's error when it cannot be reached.
 */
export async function collectEvents(
  caller: Caller,
  spec: WaitSpec,
  onEvent: (event: WebhookEvent) => void,
  signal?: AbortSignal,
): Promise<'done' | 'timeout'> {
  const deadline = Date.now() + spec.timeoutMs;
  let after = spec.after;
  let missing = spec.count;
  for (;;) {
    const sliceMs = Math.max(0, Math.min(deadline - Date.now(), WAIT_SLICE_MAX_MS));
    const query = sliceQuery(spec, after, missing, sliceMs);
    // 408: this slice's time ran out (with the matches it saw); 503: the server is closing.
    const { status, body } = await apiWithStatus<WaitAnswer>(
      caller,
      `/api/events/wait?${query}`,
      [408, 503],
      {
        signal,
      },
    );
    for (const event of body.events ?? []) {
      onEvent(event);
      after = event.id;
      missing -= 1;
    }
    if (missing <= 0) return 'done';
    if (deadline - Date.now() <= 0 || signal?.aborted) return 'timeout';
    if (status === 503) await pause(Math.min(SHUTDOWN_RETRY_MS, deadline - Date.now()), signal);
  }
}

/** Writes one line and resolves once it is handed to the system, so exiting cannot cut it. */
function writeLine(text: string): Promise<void> {
  return new Promise((resolve) => process.stdout.write(`${text}\n`, () => resolve()));
}

export async function wait(command: WaitCommand): Promise<number> {
  const caller = callerOf(command.webhookUrl, command.key);
  let printed = 0;
  let writes = Promise.resolve();
  try {
    const mismatch = await keyMismatch(caller);
    if (mismatch) {
      process.stderr.write(`${mismatch}\n`);
      return EXIT_UNREACHABLE;
    }
    const after = command.after === 'now' ? await newestEventId(caller) : command.after;
    const spec: WaitSpec = { ...command, timeoutMs: Math.round(command.timeoutSeconds * 1000), after };
    const ending = await collectEvents(caller, spec, (event) => {
      printed += 1;
      const line = JSON.stringify(event);
      writes = writes.then(() => writeLine(line));
    });
    await writes;
    if (ending === 'done') return EXIT_DONE;
    process.stderr.write(
      `${printed} of ${command.count} matching requests arrived within ${command.timeoutSeconds} s.\n`,
    );
    return EXIT_TIMEOUT;
  } catch (error) {
    await writes;
    return reportApiFailure(caller, error, 'the wait');
  }
}
