/**
 * The CPU time of one capture, plain and judged, measured in this process: the app is built on a
 * fresh SQLite data folder and captures are injected (no sockets, no wrk), each session with a live
 * listener, in alternating rounds, 32 captures in flight. CPU time (user + system of this process) rather than wall time,
 * so a machine busy with other work changes the figures less than it changes a load run's.
 *
 *   npx tsx bench/capture-cost.ts            # rounds of 2,000 captures of each kind
 *   COST_ONLY=judged COST_PROFILE=judged.cpuprofile npx tsx bench/capture-cost.ts
 *     # one kind only, with a CPU profile of the counted rounds (open it in Chrome's DevTools)
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { buildTestApp } from '../server/test/app.js';
import { BODY, connect, newSession, SENDER_UA, type Listener } from './client.js';
import { judgedCounts, judgedSession } from './judged.js';
import { median } from './stats.js';

const CAPTURES = Number(process.env.COST_CAPTURES ?? 2_000);
const ROUNDS = Number(process.env.COST_ROUNDS ?? 5);
/** `plain` or `judged`: only that kind, e.g. for a profile of one. */
const ONLY = process.env.COST_ONLY;
/** Where to write a CPU profile of the counted rounds. */
const PROFILE = process.env.COST_PROFILE;
const inspector = new Session();

const app = await buildTestApp();
await app.listen({ host: '127.0.0.1', port: 0 });
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const plain = { ...(await newSession(origin)), headers: {} as Record<string, string> };
const judged = await judgedSession(origin);
const listeners: Listener[] = [];
const pushed = { plain: 0, judged: 0 };
for (const [name, session] of [
  ['plain', plain],
  ['judged', judged],
] as const) {
  const listener = await connect(origin, session.sessionId);
  listener.on('webhook-request', () => pushed[name]++);
  listeners.push(listener);
}

/** Captures in flight at once, as a loaded server has them (writes are grouped). */
const IN_FLIGHT = 32;

/** CPU microseconds per capture over `CAPTURES` captures of the session, `IN_FLIGHT` at a time. */
async function round(session: { sessionId: string; headers: Record<string, string> }): Promise<number> {
  let next = 0;
  const sender = async () => {
    while (next++ < CAPTURES) {
      const response = await app.inject({
        method: 'POST',
        url: `/webhook/${session.sessionId}`,
        headers: { 'content-type': 'application/json', 'user-agent': SENDER_UA, ...session.headers },
        payload: BODY,
      });
      if (response.statusCode !== 200) throw new Error(`capture answered ${response.statusCode}`);
    }
  };
  const started = process.cpuUsage();
  await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
  const used = process.cpuUsage(started);
  return (used.user + used.system) / CAPTURES;
}

const figures = { plain: [] as number[], judged: [] as number[] };
// The first round of each warms up and is not counted.
for (let r = 0; r <= ROUNDS; r++) {
  const order = r % 2 === 0 ? (['plain', 'judged'] as const) : (['judged', 'plain'] as const);
  for (const name of order) {
    if (ONLY && name !== ONLY) continue;
    const us = await round(name === 'plain' ? plain : judged);
    if (r > 0) figures[name].push(us);
  }
  if (r === 0 && PROFILE) {
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
  }
}
if (PROFILE) {
  const { profile } = await inspector.post('Profiler.stop');
  fs.writeFileSync(PROFILE, JSON.stringify(profile));
}
const [plainUs, judgedUs] = [median(figures.plain), median(figures.judged)];
const counts = await judgedCounts(origin, judged.sessionId);
console.log(
  `capture CPU per request, median of ${ROUNDS} rounds of ${CAPTURES}: plain ${plainUs.toFixed(1)} µs, ` +
    `judged ${judgedUs.toFixed(1)} µs (+${(judgedUs - plainUs).toFixed(1)} µs, ` +
    `plain/judged ${(plainUs / judgedUs).toFixed(2)})`,
);
console.log(`rounds: plain ${figures.plain.map((us) => us.toFixed(0)).join(' ')}`);
console.log(`rounds: judged ${figures.judged.map((us) => us.toFixed(0)).join(' ')}`);
console.log(
  `judged sig:valid contract:pass ${counts.matching} of ${counts.total}; pushed plain ${pushed.plain}, judged ${pushed.judged}`,
);
for (const listener of listeners) listener.close();
await app.close();
