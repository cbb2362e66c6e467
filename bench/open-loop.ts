/** Capture latency under a steady rate: scheduled send time → event received by a live listener. */
import { WEBHOOK_REQUEST } from '../shared/realtime.js';
import type { Listener } from './client.js';
import { sendAtFixedRate } from './fixed-rate.js';
import { settled } from './stats.js';

export const OPEN_LOOP_RATE = 500;
export const OPEN_LOOP_SECONDS = 6;

/** Sends captures at fixed times and measures, per request, scheduled send time → event received. */
export async function openLoop(origin: string, sessionId: string, listener: Listener, connections: number) {
  // The first two seconds warm the server up and are not counted.
  const warmup = 2 * OPEN_LOOP_RATE;
  const total = warmup + OPEN_LOOP_RATE * OPEN_LOOP_SECONDS;
  const scheduled = new Map<string, number>();
  const delays: number[] = [];
  listener.on(WEBHOOK_REQUEST, (event) => {
    const due = scheduled.get(event.queryString);
    if (due !== undefined) delays.push(performance.now() - due);
  });
  const { failed } = await sendAtFixedRate({
    urlOf: (index) => `${origin}/webhook/${sessionId}?n=${index}`,
    rate: OPEN_LOOP_RATE,
    count: total,
    connections,
    onSend: (index, due) => {
      if (index >= warmup) scheduled.set(`n=${index}`, due);
    },
  });
  await settled(() => delays.length);
  return { total: total - warmup, received: delays.length, failed, delays };
}
