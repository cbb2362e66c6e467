/**
 * Checks of messages across their deliveries: the delivery id stays the same on retries, failed
 * messages are retried, the waits between retries grow, and a timeout is given up on and retried.
 * Spacing is judged relative to the previous wait, never against a fixed number of seconds, so a
 * sender with short delays is graded as one with long ones.
 */
import { BACKOFF_GROWTH } from '../../../../shared/conformance.js';
import {
  duration,
  failureWords,
  ids,
  plural,
  type Delivery,
  type Message,
  type RunView,
} from './deliveries.js';
import type { Finding } from './delivery-checks.js';
import { bodyDigest } from './message-key.js';

const SAME_ID = 'Standard Webhooks: webhook-id must stay the same on every retry of a message.';
const BACKOFF = 'Standard Webhooks: failed deliveries are retried with exponential backoff.';

const retriesOf = (message: Message) => message.deliveries.slice(1);

export function checkDeliveryId({ deliveries, messages }: RunView): Finding {
  const id = 'delivery-id';
  const anonymous = deliveries.filter((delivery) => delivery.message.deliveryId === null);
  if (anonymous.length > 0) {
    return {
      id,
      outcome: 'fail',
      explanation: `${plural(anonymous.length, 'delivery', 'deliveries')} carried no delivery id (webhook-id or the provider's id header), so a receiver cannot tell a retry from a new message. ${SAME_ID}`,
      evidence: ids(anonymous),
    };
  }
  // The same bytes again under a new id, after the first was refused: a retry that changed its id.
  const idsByBody = new Map<string, Delivery[]>();
  for (const delivery of deliveries) {
    const digest = bodyDigest(delivery.event.body);
    idsByBody.set(digest, [...(idsByBody.get(digest) ?? []), delivery]);
  }
  const renamed = [...idsByBody.values()].filter((same) => {
    const distinct = new Set(same.map((delivery) => delivery.message.key));
    return distinct.size > 1 && same.slice(0, -1).some((delivery) => delivery.failed);
  });
  if (renamed.length > 0) {
    const first = renamed[0] ?? [];
    const names = [...new Set(first.map((delivery) => delivery.message.deliveryId))].join(', then ');
    return {
      id,
      outcome: 'fail',
      explanation: `The sender changed the delivery id when it retried (the same body came as ${names}). ${SAME_ID}`,
      evidence: ids(renamed.flat()),
    };
  }
  const retried = messages.filter((message) => message.deliveries.length > 1);
  const source = deliveries[0]?.message.source ?? 'webhook-id';
  if (retried.length === 0) {
    return {
      id,
      outcome: 'warn',
      explanation: `Every delivery carried a delivery id (${source}), but no retry came to compare it with.`,
      evidence: ids(deliveries),
    };
  }
  return {
    id,
    outcome: 'pass',
    explanation: `Every retry carried the delivery id of its message (${source}); ${plural(retried.length, 'message')} retried. ${SAME_ID}`,
    evidence: ids(retried.flatMap((message) => message.deliveries)),
  };
}

export function checkRetries(view: RunView): Finding {
  const id = 'retries';
  const failedMessages = view.messages.filter((message) => message.deliveries.some((d) => d.failed));
  if (failedMessages.length === 0) {
    return {
      id,
      outcome: 'warn',
      explanation: 'No delivery was answered with a failure, so retries were not tested.',
      evidence: [],
    };
  }
  const abandoned = failedMessages.filter((message) => message.deliveries.at(-1)?.failed);
  if (abandoned.length > 0) {
    const lastTries = abandoned.map((message) => message.deliveries.at(-1) as Delivery);
    const words = `${plural(abandoned.length, 'message')} answered with ${failureWords(view.failWith)} ${abandoned.length === 1 ? 'was' : 'were'} not sent again`;
    return view.isArmed
      ? {
          id,
          outcome: 'warn',
          explanation: `${words} yet; the run is still armed.`,
          evidence: ids(lastTries),
        }
      : { id, outcome: 'fail', explanation: `${words}. ${BACKOFF}`, evidence: ids(lastTries) };
  }
  const retries = failedMessages.flatMap(retriesOf);
  return {
    id,
    outcome: 'pass',
    explanation: `Every message answered with ${failureWords(view.failWith)} was sent again (${plural(retries.length, 'retry', 'retries')}).`,
    evidence: ids(retries),
  };
}

/** The waits between a message's successive deliveries, in ms. */
function waitsOf(message: Message): number[] {
  return message.deliveries.slice(1).map((delivery, index) => {
    const before = message.deliveries[index] as Delivery;
    return delivery.arrivedAt - before.arrivedAt;
  });
}

export function checkBackoff({ messages }: RunView): Finding {
  const id = 'backoff';
  const retried = messages.filter((message) => message.deliveries.length > 1);
  if (retried.length === 0) {
    return {
      id,
      outcome: 'warn',
      explanation: 'No message was retried, so there is no spacing to judge.',
      evidence: [],
    };
  }
  const judged = retried.filter((message) => message.deliveries.length > 2);
  if (judged.length === 0) {
    return {
      id,
      outcome: 'warn',
      explanation:
        'Each message was retried only once, so growth of the waits cannot be judged; arm a run with failFirst 2 or more.',
      evidence: ids(retried.flatMap(retriesOf)),
    };
  }
  const grows = (waits: number[]) =>
    waits.every((wait, index) => index === 0 || wait >= (waits[index - 1] as number) * BACKOFF_GROWTH);
  const hammering = judged.filter((message) => !grows(waitsOf(message)));
  if (hammering.length > 0) {
    const waits = waitsOf(hammering[0] as Message)
      .map(duration)
      .join(', ');
    return {
      id,
      outcome: 'warn',
      explanation: `Retries of ${plural(hammering.length, 'message')} did not back off (waits of ${waits}). ${BACKOFF}`,
      evidence: ids(hammering.flatMap((message) => message.deliveries)),
    };
  }
  const waits = waitsOf(judged[0] as Message)
    .map(duration)
    .join(', ');
  return {
    id,
    outcome: 'pass',
    explanation: `The waits between retries grew each time (for example ${waits}). ${BACKOFF}`,
    evidence: ids(judged.flatMap((message) => message.deliveries)),
  };
}

export function checkAfterTimeout(view: RunView): Finding {
  const id = 'after-timeout';
  if (!('fault' in view.failWith) || view.failWith.fault !== 'timeout') {
    return {
      id,
      outcome: 'warn',
      explanation: `This run answered with ${failureWords(view.failWith)}, not a timeout; arm one with failWith timeout to see what the sender does when no answer comes.`,
      evidence: [],
    };
  }
  const timedOut = view.messages.flatMap((message) =>
    message.deliveries.flatMap((delivery, index) =>
      delivery.fault === 'timeout' ? [{ delivery, next: message.deliveries[index + 1] }] : [],
    ),
  );
  if (timedOut.length === 0) {
    return { id, outcome: 'warn', explanation: 'No delivery was held without an answer.', evidence: [] };
  }
  const stuck = timedOut.filter((entry) => entry.next === undefined).map((entry) => entry.delivery);
  if (stuck.length > 0) {
    const words = `The sender did not send ${plural(stuck.length, 'message')} again after getting no answer`;
    return view.isArmed
      ? { id, outcome: 'warn', explanation: `${words} yet; the run is still armed.`, evidence: ids(stuck) }
      : { id, outcome: 'fail', explanation: `${words}. ${BACKOFF}`, evidence: ids(stuck) };
  }
  const longest = Math.max(
    ...timedOut.map((entry) => (entry.next as Delivery).arrivedAt - entry.delivery.arrivedAt),
  );
  return {
    id,
    outcome: 'pass',
    explanation: `After each timeout the sender gave up waiting and sent the message again (longest wait ${duration(longest)}).`,
    evidence: ids(timedOut.flatMap((entry) => [entry.delivery, entry.next as Delivery])),
  };
}
