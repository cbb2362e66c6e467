/**
 * What judging adds to a capture, in server CPU time: the compiled server (`npm start`, one
 * process, limits raised so that no prune runs) captures into a plain session, one with a signing
 * secret, one with a contract and one with both, each with a live listener, at the same fixed rate,
 * in alternating rounds. Every request is the same signed one; only the sessions differ. CPU time
 * of the server per capture, from /proc.
 *
 * At the same rate every kind carries the same load, so the figures differ only by what the session's
 * settings add; under wrk a kind that answers slower also runs at another rate.
 *
 *   npx tsx bench/capture-cost.ts                       # 3,000 captures a second, 6 rounds of 4 s
 *   COST_RATE=5000 COST_ROUNDS=10 npx tsx bench/capture-cost.ts
 *   COST_PROFILE=/tmp/profiles npx tsx bench/capture-cost.ts  # also a CPU profile of the server
 */
import { CONNECTIONS, type Listener } from './client.js';
import { sendAtFixedRate } from './fixed-rate.js';
import { listenedSession, SIGNED_HEADERS } from './judged.js';
import { buildServer, cpuUs, startMeasured, stop } from './processes.js';
import { median } from './stats.js';

const RATE = Number(process.env.COST_RATE ?? 3_000);
const ROUNDS = Number(process.env.COST_ROUNDS ?? 6);
const SECONDS = 4;
/** Where the server writes a CPU profile when it stops (open it in Chrome's DevTools). */
const PROFILE = process.env.COST_PROFILE;

const KINDS = ['plain', 'secret', 'contract', 'both'] as const;
type Kind = (typeof KINDS)[number];

buildServer();
const server = await startMeasured('capture-cost', {
  nodeArgs: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [],
  env: { WORKERS: '1' },
});
const { origin } = server;
const pid = server.process.pid ?? 0;

const sessions = new Map<Kind, { sessionId: string; listener: Listener }>();
for (const kind of KINDS) {
  const judging = {
    secret: kind === 'secret' || kind === 'both',
    contract: kind === 'contract' || kind === 'both',
  };
  sessions.set(kind, await listenedSession(origin, judging));
}
const figures = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
// Round 0 warms the server up and is not counted; the order turns round each round.
for (let round = 0; round <= ROUNDS; round++) {
  for (const kind of round % 2 === 0 ? KINDS : [...KINDS].reverse()) {
    const session = sessions.get(kind);
    if (!session) continue;
    const count = RATE * (round === 0 ? 2 : SECONDS);
    const before = cpuUs(pid);
    const { ok } = await sendAtFixedRate({
      urlOf: () => `${origin}/webhook/${session.sessionId}`,
      rate: RATE,
      count,
      connections: CONNECTIONS,
      headers: SIGNED_HEADERS,
    });
    if (ok !== count) throw new Error(`${kind}: only ${ok} of ${count} captures answered 200`);
    if (round > 0) figures.get(kind)?.push((cpuUs(pid) - before) / ok);
  }
}
for (const session of sessions.values()) session.listener.close();
await stop(server);

const plain = median(figures.get('plain') ?? []);
console.log(
  `server CPU a capture at ${RATE} captures/s, median of ${ROUNDS} alternating rounds of ${SECONDS} s:`,
);
for (const kind of KINDS) {
  const rounds = figures.get(kind) ?? [];
  const us = median(rounds);
  const extra = kind === 'plain' ? '' : ` (${us >= plain ? '+' : ''}${(us - plain).toFixed(0)} µs)`;
  console.log(
    `  ${kind.padEnd(8)} ${us.toFixed(0)} µs${extra}; rounds ${rounds.map((each) => each.toFixed(0)).join(' ')}`,
  );
}
if (PROFILE) console.log(`CPU profile of the server in ${PROFILE}`);
