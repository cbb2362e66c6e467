/**
 * Sends response rules' callbacks. Each one starts once its capture's answer went out, waits its
 * delay, is counted in the session's replay limit, then goes out once through replay's sender
 * (the same address guard and timeout); every step is recorded on the event and pushed to the
 * owner's browsers as `webhook-callback`. Nothing here runs before the capture is answered, and
 * nothing is retried. At shutdown, callbacks still waiting are given up (recorded as not sent)
 * and those already out are waited for.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { ReplayAnswer } from '../../../../shared/replay.js';
import { WEBHOOK_CALLBACK } from '../../../../shared/realtime.js';
import type { CallbackResult } from '../../../../shared/callback-result.js';
import { CALLBACK_ANSWER_PREVIEW_CHARS, pendingCallback } from '../../../../shared/response-callbacks.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { TemplateRequest } from '../../../../shared/template-scope.js';
import { TooManyRequestsError } from '../../http/errors.js';
import type { Publisher } from '../../realtime/publisher.js';
import type { ReplayService } from '../replay/replay.service.js';
import { makeCallbackRequest, type PreparedCallback } from './callback-request.js';
import type { CallbacksRepo } from './callbacks.repo.js';

export const CALLBACKS_OFF_MESSAGE =
  'Not sent: server-side replay, and with it callbacks, is switched off on this Hookbay instance.';
export const CALLBACK_LIMIT_MESSAGE =
  'Not sent: this inspector used up its replays and callbacks for this minute (REPLAY_PER_MINUTE).';
export const CALLBACK_STOPPED_MESSAGE = 'Not sent: Hookbay stopped before the callback was due.';

/** One capture's callback, as the capture route hands it over once the event is stored. */
export interface CallbackJob {
  owner: SessionUser;
  eventId: number;
  prepared: PreparedCallback;
  request: TemplateRequest;
  /** Settles once the capture's answer went out, or its connection closed. */
  answered: Promise<unknown>;
  /** Counts the callback in the session's replay limit; throws TooManyRequestsError when it is used up. */
  count: () => Promise<void>;
  /** The origins of this server: a callback to its own webhook URL is captured again without the network. */
  ownOrigins: string[];
}

export interface CallbacksService {
  /** Starts the callback in the background; it never throws and never holds up the capture. */
  schedule(job: CallbackJob): void;
  /** Gives up the callbacks still waiting and waits for those being sent. */
  close(): Promise<void>;
}

const TEMPLATE_TOOLS = { uuid: randomUUID, now: () => new Date() };

function answerPreview(answer: ReplayAnswer): string {
  const text =
    answer.bodyEncoding === 'utf8' ? answer.body : Buffer.from(answer.body, 'base64').toString('utf8');
  return text.slice(0, CALLBACK_ANSWER_PREVIEW_CHARS);
}

export function createCallbacksService(deps: {
  repo: CallbacksRepo;
  publisher: Publisher;
  replay: Pick<ReplayService, 'send'>;
  /** REPLAY_PER_MINUTE is 0: callbacks are recorded as not sent. */
  isOff: boolean;
  logError: (error: unknown, message: string) => void;
}): CallbacksService {
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();
  const stopped = new Promise<void>((resolve) =>
    stopping.signal.addEventListener('abort', () => resolve(), { once: true }),
  );

  async function record(job: CallbackJob, result: CallbackResult): Promise<void> {
    if (!(await deps.repo.save(job.owner.sessionId, job.eventId, result))) return;
    deps.publisher.toUser(job.owner.id, WEBHOOK_CALLBACK, { id: job.eventId, callback: result });
  }

  /** True once the answer went out and the delay passed; false when Hookbay stops first. */
  async function isDue(job: CallbackJob): Promise<boolean> {
    await Promise.race([job.answered, stopped]);
    if (stopping.signal.aborted) return false;
    const { delayMs } = job.prepared.callback;
    if (delayMs === 0) return true;
    return delay(delayMs, true, { signal: stopping.signal }).catch(() => false);
  }

  async function run(job: CallbackJob): Promise<void> {
    const pending = pendingCallback(job.prepared.callback);
    await record(job, pending);
    const due = await isDue(job);
    const end = (fields: Partial<CallbackResult>, state: CallbackResult['state'] = 'failed') =>
      record(job, { ...pending, durationMs: 0, ...fields, state, at: new Date().toISOString() });
    if (!due) return end({ error: CALLBACK_STOPPED_MESSAGE });
    if (deps.isOff) return end({ error: CALLBACKS_OFF_MESSAGE });
    const made = makeCallbackRequest(job.prepared, job.request, TEMPLATE_TOOLS);
    if ('error' in made) return end({ error: made.error });
    const url = made.target.href;
    try {
      await job.count();
    } catch (error) {
      if (error instanceof TooManyRequestsError) return end({ url, error: CALLBACK_LIMIT_MESSAGE });
      throw error;
    }
    const started = performance.now();
    try {
      const answer = await deps.replay.send(made.target, made, job.ownOrigins, 'Callback');
      return end(
        { url, status: answer.status, durationMs: answer.durationMs, answer: answerPreview(answer) },
        'sent',
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return end({ url, durationMs: Math.round(performance.now() - started), error: message });
    }
  }

  return {
    schedule(job) {
      const task = run(job)
        .catch((error: unknown) => deps.logError(error, 'a response rule callback failed'))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async close() {
      stopping.abort();
      await Promise.all(running);
    },
  };
}
