/**
 * Two builds of the server compared while both run: what a change to the capture path saves. Each
 * build runs as its own server (one worker, or SIDE_WORKERS; limits raised so that no prune runs)
 * with a plain session and a judged one (a signing secret and a contract), each with a live
 * listener. wrk then runs 2 s on each session of each build in turn, the builds' order swapped
 * every cycle, so that a machine that slows down or speeds up (other tenants, steal time) weighs on
 * both builds alike. Server CPU a capture from /proc, and captures a second, medians over the cycles.
 *
 * A build is a folder holding `server/main.js`, inside the repository so that its packages resolve:
 *
 *   git stash && node scripts/build-server.mjs && mkdir -p dist/before && cp -r dist/server dist/before && git stash pop
 *   node scripts/build-server.mjs && npx tsx bench/side-by-side.ts dist/before dist
 *   SIDE_CYCLES=16 npx tsx bench/side-by-side.ts dist/before dist
 *   SIDE_WORKERS=2 npx tsx bench/side-by-side.ts dist/before dist   # CPU of the workers and the primary
 */
import path from 'node:path';
import { wrkAt, type Listener } from './client.js';
import { listenedSession, SIGNED_HEADERS } from './judged.js';
import { cpuUs, startMeasured, stop, type Server } from './processes.js';
import { median } from './stats.js';

const CYCLES = Number(process.env.SIDE_CYCLES ?? 10);
const SECONDS = 2;
const WORKERS = process.env.SIDE_WORKERS ?? '1';
const KINDS = ['plain', 'judged'] as const;

const builds = process.argv.slice(2);
if (builds.length !== 2) throw new Error('usage: npx tsx bench/side-by-side.ts <dist before> <dist after>');

interface Build {
  dir: string;
  server: Server;
  sessions: Record<(typeof KINDS)[number], { sessionId: string; listener: Listener }>;
  cpu: Record<(typeof KINDS)[number], number[]>;
  rps: Record<(typeof KINDS)[number], number[]>;
}

async function start(dir: string): Promise<Build> {
  const server = await startMeasured('side-by-side', {
    main: path.join(dir, 'server/main.js'),
    env: { WORKERS },
  });
  const sessions = {
    plain: await listenedSession(server.origin, { secret: false, contract: false }),
    judged: await listenedSession(server.origin, { secret: true, contract: true }),
  };
  return { dir, server, sessions, cpu: { plain: [], judged: [] }, rps: { plain: [], judged: [] } };
}

/** One wrk run (every request carries the signature): server CPU a capture (every process) in µs, and captures a second. */
async function measure(build: Build, kind: (typeof KINDS)[number]): Promise<{ cpu: number; rps: number }> {
  const pid = build.server.process.pid ?? 0;
  const before = cpuUs(pid);
  const url = `${build.server.origin}/webhook/${build.sessions[kind].sessionId}`;
  const run = await wrkAt(url, 'POST', SECONDS, { headers: SIGNED_HEADERS });
  return { cpu: (cpuUs(pid) - before) / run.acked, rps: run.rps };
}

const started = [await start(builds[0] ?? ''), await start(builds[1] ?? '')];
// One untimed run on each, to warm the code up.
for (const build of started) for (const kind of KINDS) await measure(build, kind);
for (let cycle = 0; cycle < CYCLES; cycle++) {
  const order = cycle % 2 === 0 ? started : [...started].reverse();
  for (const kind of KINDS) {
    for (const build of order) {
      const { cpu, rps } = await measure(build, kind);
      build.cpu[kind].push(cpu);
      build.rps[kind].push(rps);
    }
  }
}
console.log(
  `server CPU a capture and captures a second, medians of ${CYCLES} cycles of ${SECONDS} s runs (wrk, WORKERS=${WORKERS}):`,
);
for (const build of started) {
  const [plain, judged] = [median(build.cpu.plain), median(build.cpu.judged)];
  const [plainRps, judgedRps] = [median(build.rps.plain), median(build.rps.judged)];
  console.log(
    `  ${build.dir}: plain ${plain.toFixed(0)} µs, judged ${judged.toFixed(0)} µs (+${(judged - plain).toFixed(0)} µs); ` +
      `plain ${plainRps.toFixed(0)}/s, judged ${judgedRps.toFixed(0)}/s`,
  );
}
for (const build of started) {
  for (const { listener } of Object.values(build.sessions)) listener.close();
  await stop(build.server);
}
