/**
 * `hookbay replay`: sends stored requests to a target from this machine. One by id prints the
 * target's whole answer; `--all` sends every request the search matches, oldest first, at most
 * `--rate` a minute, with a line each and a summary.
 */
import type { WebhookEvent } from '../shared/webhooks.js';
import type { ReplayAll, ReplayCommand } from './event-args.js';
import {
  api,
  ApiError,
  callerOf,
  errorText,
  findEvent,
  keyMismatch,
  refusalLine,
  type Caller,
} from './api.js';
import { eventLine, sendEvent } from './forward/send-event.js';

/** Requests `--all` sends at most, as a job on the server does. */
const REPLAY_ALL_MAX = 1000;
const PAGE = 500;

function cannotRead(caller: Caller, error: unknown, what: string): number {
  const unknown = `Unknown session ${caller.sessionId} at ${caller.apiBase}: check the webhook URL.`;
  process.stderr.write(
    error instanceof ApiError && error.status === 401
      ? `${refusalLine(caller, error.reason, unknown)}\n`
      : `Could not read ${what}: ${errorText(error)}\n`,
  );
  return 1;
}

/** Every matching event, oldest first; null when there are more than REPLAY_ALL_MAX. */
async function matchingEvents(
  caller: Caller,
  match?: string,
  method?: string,
): Promise<WebhookEvent[] | null> {
  const events: WebhookEvent[] = [];
  for (let before: number | undefined; ;) {
    const query = new URLSearchParams({ limit: String(PAGE) });
    if (match) query.set('q', match);
    if (method) query.set('method', method);
    if (before !== undefined) query.set('before', String(before));
    const page = await api<WebhookEvent[]>(caller, `/api/events?${query}`);
    events.push(...page);
    if (events.length > REPLAY_ALL_MAX) return null;
    const oldest = page.at(-1);
    if (page.length < PAGE || !oldest) return events.reverse();
    before = oldest.id;
  }
}

async function replayOne(caller: Caller, eventId: number, target: URL): Promise<number> {
  let event: WebhookEvent | null;
  try {
    event = await findEvent(caller, eventId);
  } catch (error) {
    return cannotRead(caller, error, 'the event');
  }
  if (!event) {
    process.stderr.write(`This session has no request ${eventId} (deleted, or never captured).\n`);
    return 1;
  }
  const started = Date.now();
  try {
    const result = await sendEvent(caller, event, target);
    const ms = Date.now() - started;
    process.stdout.write(`${eventLine({ ...event, time: new Date(started), status: result.status, ms })}\n`);
    for (const [name, value] of result.rawHeaders) process.stdout.write(`${name}: ${value}\n`);
    process.stdout.write('\n');
    process.stdout.write(result.body);
    if (result.body.length > 0 && result.body.at(-1) !== 0x0a) process.stdout.write('\n');
    return 0;
  } catch (error) {
    process.stderr.write(`The target could not be reached: ${errorText(error)}\n`);
    return 1;
  }
}

/** Answers 0 when every target answer was 2xx, else 1 (also when nothing matched). */
async function replayAll(caller: Caller, search: ReplayAll, target: URL): Promise<number> {
  let events: WebhookEvent[] | null;
  try {
    events = await matchingEvents(caller, search.match, search.method);
  } catch (error) {
    return cannotRead(caller, error, 'the requests');
  }
  if (events === null) {
    process.stderr.write(
      `More than ${REPLAY_ALL_MAX} requests match: narrow the search with --match or --method.\n`,
    );
    return 1;
  }
  if (events.length === 0) {
    process.stderr.write('No request matches: there is nothing to replay.\n');
    return 1;
  }
  const intervalMs = 60_000 / search.perMinute;
  const startedAt = Date.now();
  let succeeded = 0;
  for (const [index, event] of events.entries()) {
    const wait = startedAt + index * intervalMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = Date.now();
    try {
      const { status } = await sendEvent(caller, event, target);
      if (status >= 200 && status < 300) succeeded++;
      process.stdout.write(
        `${eventLine({ ...event, time: new Date(sent), status, ms: Date.now() - sent })}\n`,
      );
    } catch (error) {
      const line = eventLine({
        ...event,
        time: new Date(sent),
        error: errorText(error),
        ms: Date.now() - sent,
      });
      process.stdout.write(`${line}\n`);
    }
  }
  const failed = events.length - succeeded;
  process.stdout.write(`${events.length} sent: ${succeeded} answered 2xx, ${failed} did not\n`);
  return failed === 0 ? 0 : 1;
}

export async function replay(command: ReplayCommand): Promise<number> {
  const caller = callerOf(command.webhookUrl, command.key);
  try {
    const mismatch = await keyMismatch(caller);
    if (mismatch) {
      process.stderr.write(`${mismatch}\n`);
      return 1;
    }
  } catch (error) {
    return cannotRead(caller, error, 'the session');
  }
  return 'all' in command
    ? replayAll(caller, command.all, command.target)
    : replayOne(caller, command.eventId, command.target);
}
