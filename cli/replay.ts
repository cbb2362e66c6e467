/** `hookbay replay`: sends one stored request to a target from this machine and prints the answer. */
import type { WebhookEvent } from '../shared/webhooks.js';
import { apiBaseOf, sessionIdOf, type ReplayCommand } from './args.js';
import { ApiError, errorText, findEvent, keyMismatch, refusalLine, type Caller } from './api.js';
import { eventLine, sendEvent } from './forward.js';

/** Answers 0 when the target answered (whatever its status), else 1. */
export async function replay(command: ReplayCommand): Promise<number> {
  const caller: Caller = {
    apiBase: apiBaseOf(command.webhookUrl),
    sessionId: sessionIdOf(command.webhookUrl),
    key: command.key,
  };
  let event: WebhookEvent | null;
  try {
    const mismatch = await keyMismatch(caller);
    if (mismatch) {
      process.stderr.write(`${mismatch}\n`);
      return 1;
    }
    event = await findEvent(caller, command.eventId);
  } catch (error) {
    const unknown = `Unknown session ${caller.sessionId} at ${caller.apiBase}: check the webhook URL.`;
    process.stderr.write(
      error instanceof ApiError && error.status === 401
        ? `${refusalLine(caller, error.reason, unknown)}\n`
        : `Could not read the event: ${errorText(error)}\n`,
    );
    return 1;
  }
  if (!event) {
    process.stderr.write(`This session has no request ${command.eventId} (deleted, or never captured).\n`);
    return 1;
  }
  const started = Date.now();
  try {
    const result = await sendEvent(caller, event, command.target);
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
