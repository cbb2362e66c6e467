/** Capture latency under a steady rate: scheduled send time → event received by a live listener. */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WEBHOOK_REQUEST } from '../shared/realtime.js';
import type { Listener } from './client.js';
import { sendAtFixedRate } from './fixed-rate.js';
import { settled } from './stats.js';

export const OPEN_LOOP_RATE = 500;
export const OPEN_LOOP_SECONDS = 6;

/** What every loop measures, Hookbay's or bare Node's. */
export interface TimedLoop {
  /** Requests measured (the warm-up's are not). */
  total: number;
  failed: number;
  /** Scheduled send time → the HTTP answer read, in ms. */
  answers: number[];
  /** How long this process's own event loop was held up while it sent (and listened), in ms. */
  ownStallsMs: { p99: number; max: number };
}

export interface OpenLoopResult extends TimedLoop {
  received: number;
  /** Scheduled send time → event received, in ms. */
  delays: number[];
  /** Scheduled send time → the arrival time the server stamped on the event, in ms. */
  toServer: number[];
}

/**
 * POSTs to `urlOf(index)` at the loop's rate and times each answer from its scheduled send time;
 * `measured` is told of each request counted (the first two seconds warm the server up and are
 * not), and `settle` resolves once whatever else is measured has come in.
 */
async function timedLoop(
  urlOf: (index: number) => string,
  connections: number,
  measured: (index: number, due: number) => void,
  settle: () => Promise<unknown>,
): Promise<TimedLoop> {
  const warmup = 2 * OPEN_LOOP_RATE;
  const total = warmup + OPEN_LOOP_RATE * OPEN_LOOP_SECONDS;
  const dueOf = new Map<number, number>();
  const answers: number[] = [];
  // This process's own stalls count in every delay: a late timer sends late, a busy loop reads late.
  const ownLoop = monitorEventLoopDelay({ resolution: 1 });
  const { failed } = await sendAtFixedRate({
    urlOf,
    rate: OPEN_LOOP_RATE,
    count: total,
    connections,
    onSend: (index, due) => {
      if (index === warmup) ownLoop.enable();
      if (index < warmup) return;
      dueOf.set(index, due);
      measured(index, due);
    },
    onAnswer: (index) => {
      const due = dueOf.get(index);
      if (due !== undefined) answers.push(performance.now() - due);
    },
  });
  await settle();
  ownLoop.disable();
  const ownStallsMs = { p99: ownLoop.percentile(99) / 1e6, max: ownLoop.max / 1e6 };
  return { total: total - warmup, failed, answers, ownStallsMs };
}

/** Sends captures at fixed times and measures, per request, scheduled send time → event received. */
export async function openLoop(
  origin: string,
  sessionId: string,
  listener: Listener,
  connections: number,
): Promise<OpenLoopResult> {
  const scheduled = new Map<string, number>();
  const delays: number[] = [];
  // The same delay cut at the time the server stamped on the event (whole milliseconds): before it,
  // the send and the server's wait to read the request; after it, storing, pushing and receiving.
  const toServer: number[] = [];
  listener.on(WEBHOOK_REQUEST, (event) => {
    const due = scheduled.get(event.queryString);
    if (due === undefined) return;
    delays.push(performance.now() - due);
    toServer.push(Date.parse(event.timestamp) - (performance.timeOrigin + due));
  });
  const loop = await timedLoop(
    (index) => `${origin}/webhook/${sessionId}?n=${index}`,
    connections,
    (index, due) => scheduled.set(`n=${index}`, due),
    () => settled(() => delays.length),
  );
  return { ...loop, received: delays.length, delays, toServer };
}

/** The same loop against bare Node, which answers and stores nothing: what the machine and the sender allow. */
export function bareLoop(origin: string, connections: number): Promise<TimedLoop> {
  return timedLoop(
    (index) => `${origin}/?n=${index}`,
    connections,
    () => undefined,
    async () => undefined,
  );
}
