/**
 * A run's captured events as deliveries of messages: each event with its message (by delivery
 * id), its arrival and whether the run answered it with the failure. The checks read these.
 */
import type { ConformanceRun, FailWith } from '../../../../shared/conformance.js';
import { globToRegExp } from '../../../../shared/path-glob.js';
import type { SignatureVerdict } from '../../../../shared/verdicts.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { messageKeyOf, type MessageKey } from './message-key.js';

export interface Delivery {
  event: WebhookEvent;
  /** Epoch ms of the arrival. */
  arrivedAt: number;
  message: MessageKey;
  /** The run answered this delivery with its failure (a status or a fault). */
  failed: boolean;
  /** The fault the run acted out on it, if any. */
  fault: 'timeout' | 'reset' | null;
  signature: SignatureVerdict | null;
}

export interface Message {
  key: string;
  deliveryId: string | null;
  /** In arrival order. */
  deliveries: Delivery[];
}

export interface RunView {
  run: ConformanceRun;
  failWith: FailWith;
  isArmed: boolean;
  deliveries: Delivery[];
  messages: Message[];
}

export function toDelivery(event: WebhookEvent, failWith: FailWith): Delivery {
  const failed = event.response.source === 'conformance';
  return {
    event,
    arrivedAt: Date.parse(event.timestamp),
    message: messageKeyOf(event.headers, event.payload, event.body),
    failed,
    fault: failed && event.response.status === 0 && 'fault' in failWith ? failWith.fault : null,
    signature: event.verdicts.signature ?? null,
  };
}

/** The run's deliveries (events whose path its glob matches) grouped into messages. */
export function viewRun(run: ConformanceRun, events: WebhookEvent[], isArmed: boolean): RunView {
  const pattern = globToRegExp(run.path);
  const deliveries = events
    .filter((event) => pattern.test(event.path))
    .map((event) => toDelivery(event, run.failWith));
  const byKey = new Map<string, Message>();
  for (const delivery of deliveries) {
    const { key, deliveryId } = delivery.message;
    let message = byKey.get(key);
    if (!message) byKey.set(key, (message = { key, deliveryId, deliveries: [] }));
    message.deliveries.push(delivery);
  }
  return { run, failWith: run.failWith, isArmed, deliveries, messages: [...byKey.values()] };
}

export const ids = (deliveries: Delivery[]): number[] => deliveries.map((delivery) => delivery.event.id);

/** "500" or "a timeout" / "a reset": how the failure reads in a sentence. */
export function failureWords(failWith: FailWith): string {
  return 'status' in failWith ? String(failWith.status) : `a ${failWith.fault}`;
}

/** Milliseconds in words: "850 ms", "4.2 s", "3.5 min". */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${(ms / 60_000).toFixed(1)} min`;
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;
