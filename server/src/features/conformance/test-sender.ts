/**
 * A webhook sender for the conformance tests: Standard Webhooks-signed deliveries of one message,
 * retried after a failure with the waits the test chooses (milliseconds, so no test sleeps for
 * real backoff minutes), optionally with a new id or a stale timestamp on each attempt.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';

export const TEST_SECRET = `whsec_${Buffer.from('conformance-test-secret-32-bytes').toString('base64')}`;

export interface Delivered {
  status: number;
}

/** Sends one attempt and says what the sender got (status 0: no answer). */
export type Deliver = (headers: Record<string, string>, body: string) => Promise<Delivered>;

export interface MessagePlan {
  /** The message's id; `idOf` may change it per attempt. */
  id: string;
  body: string;
  /** Waits before each retry, in ms; the sender gives up when they run out. */
  waits: number[];
  /** The webhook-id of attempt `n` (0-based); default: `id` every time. */
  idOf?: (attempt: number) => string;
  /** Seconds subtracted from the attempt's webhook-timestamp (a stale clock). */
  ageSeconds?: number;
}

/** Sends a message until it is answered 2xx or the waits run out; answers the statuses it got. */
export async function sendMessage(deliver: Deliver, plan: MessagePlan): Promise<number[]> {
  const signer = new Webhook(TEST_SECRET);
  const statuses: number[] = [];
  for (let attempt = 0; ; attempt++) {
    const id = plan.idOf?.(attempt) ?? plan.id;
    const at = new Date(Date.now() - (plan.ageSeconds ?? 0) * 1000);
    const headers = {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signer.sign(id, at, plan.body),
    };
    const { status } = await deliver(headers, plan.body);
    statuses.push(status);
    const wait = plan.waits[attempt];
    if ((status >= 200 && status < 300) || wait === undefined) return statuses;
    await delay(wait);
  }
}
