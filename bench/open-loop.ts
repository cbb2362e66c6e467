/** Capture latency under a steady rate: scheduled send time → event received by a live listener. */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WEBHOOK_REQUEST } from '../shared/realtime.js';
import type { Listener } from './client.js';
import { sendAtFixedRate } from './fixed-rate.js';
import { settled } from './stats.js';

export const OPEN_LOOP_RATE = 500;
export const OPEN_LOOP_SECONDS = 6;

export interface OpenLoopResult {
  /** Requests measured (the warm-up's are not). */
  total: number;
  received: number;
  failed: number;
  /** Scheduled send time → event received, in ms. */
  delays: number[];
  /** Scheduled send time → the arrival time the server stamped on the event, in ms. */
  toServer: number[];
  /** How long this process's own event loop was held up while it sent and listened, in ms. */
  ownStallsMs: { p99: number; max: number };
}

/** Sends captures at fixed times and measures, per request, scheduled send time → event received. */
export async function openLoop(
  origin: string,
  sessionId: string,
  listener: Listener,
  connections: number,
): Promise<OpenLoopResult> {
  // The first two seconds warm the server up and are not counted.
  const warmup = 2 * OPEN_LOOP_RATE;
  const total = warmup + OPEN_LOOP_RATE * OPEN_LOOP_SECONDS;
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
  // This process's own stalls count in every delay above: a late timer sends late, a busy loop reads late.
  const ownLoop = monitorEventLoopDelay({ resolution: 1 });
  const { failed } = await sendAtFixedRate({
    urlOf: (index) => `${origin}/webhook/${sessionId}?n=${index}`,
    rate: OPEN_LOOP_RATE,
    count: total,
    connections,
    onSend: (index, due) => {
      if (index === warmup) ownLoop.enable();
      if (index >= warmup) scheduled.set(`n=${index}`, due);
    },
  });
  await settled(() => delays.length);
  ownLoop.disable();
  const ownStallsMs = { p99: ownLoop.percentile(99) / 1e6, max: ownLoop.max / 1e6 };
  return { total: total - warmup, received: delays.length, failed, delays, toServer, ownStallsMs };
}
