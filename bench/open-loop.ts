/** Capture latency under a steady rate: scheduled send time → event received by a live listener. */
import http from 'node:http';
import { WEBHOOK_REQUEST } from '../shared/realtime.js';
import { BODY, SENDER_UA, type Listener } from './client.js';
import { settled, sleep } from './stats.js';

export const OPEN_LOOP_RATE = 500;
export const OPEN_LOOP_SECONDS = 6;

/** Sends captures at fixed times and measures, per request, scheduled send time → event received. */
export async function openLoop(origin: string, sessionId: string, listener: Listener, connections: number) {
  // The first two seconds warm the server up and are not counted.
  const warmup = 2 * OPEN_LOOP_RATE;
  const total = warmup + OPEN_LOOP_RATE * OPEN_LOOP_SECONDS;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const scheduled = new Map<string, number>();
  const delays: number[] = [];
  let failed = 0;
  listener.on(WEBHOOK_REQUEST, (event) => {
    const due = scheduled.get(event.queryString);
    if (due !== undefined) delays.push(performance.now() - due);
  });
  const send = (index: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(
        `${origin}/webhook/${sessionId}?n=${index}`,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', 'user-agent': SENDER_UA } },
        (response) => {
          if (response.statusCode !== 200) failed++;
          response.resume().on('end', resolve);
        },
      );
      request.on('error', () => {
        failed++;
        resolve();
      });
      request.end(BODY);
    });
  const pending: Promise<void>[] = [];
  const start = performance.now() + 50;
  const dueOf = (index: number) => start + (index * 1000) / OPEN_LOOP_RATE;
  // Each wake-up sends every request whose time has come, so a late timer delays them (and counts
  // against the figure) but never lowers the rate.
  for (let index = 0; index < total;) {
    for (; index < total && dueOf(index) <= performance.now(); index++) {
      if (index >= warmup) scheduled.set(`n=${index}`, dueOf(index));
      pending.push(send(index));
    }
    if (index < total) await sleep(Math.max(0, dueOf(index) - performance.now()));
  }
  await Promise.all(pending);
  await settled(() => delays.length);
  agent.destroy();
  return { total: total - warmup, received: delays.length, failed, delays };
}
