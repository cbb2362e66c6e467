/**
 * Where a judged capture's extra time goes, read from CPU profiles rather than from the clock: the
 * compiled server (one process, limits raised so that no prune runs) is started twice with a CPU
 * profile, once loaded with wrk on a plain session and once on a judged one (a signing secret and a
 * contract), every request the same signed 1 KB POST, each session with a live listener. For each
 * function, the time spent in it and below it a capture (idle time left out); printed are the whole
 * server's busy time (root) and the functions whose time differs most between the two. What
 * judging adds shows as the judges' own functions; anything else that grew would show beside them.
 *
 *   npx tsx bench/judge-profile.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { wrkAt } from './client.js';
import { listenedSession, SIGNED_HEADERS } from './judged.js';
import { buildServer, startMeasured, stop } from './processes.js';

const SECONDS = 8;
const SHOWN = 15;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Microseconds a capture spent in each function and below it, by "name file:line". */
function inclusiveTimes(profile: Profile, captures: number): Map<string, number> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const label = (node: ProfileNode) =>
    `${node.callFrame.functionName || '(anonymous)'} ${path.basename(node.callFrame.url)}:${node.callFrame.lineNumber}`;
  const times = new Map<string, number>();
  profile.samples.forEach((sample, index) => {
    // Time the thread waited for work is no one's cost.
    if (nodes.get(sample)?.callFrame.functionName === '(idle)') return;
    const delta = profile.timeDeltas[index] ?? 0;
    const counted = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parents.get(id)) {
      const node = nodes.get(id);
      if (!node) break;
      const name = label(node);
      // A recursive function counts once per sample.
      if (!counted.has(name)) times.set(name, (times.get(name) ?? 0) + delta / captures);
      counted.add(name);
    }
  });
  return times;
}

/** The server's main-thread profile (the largest file: the checkpoint thread writes its own). */
function mainThreadProfile(dir: string): Profile {
  const files = fs.readdirSync(dir).map((name) => path.join(dir, name));
  const largest = files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  if (!largest) throw new Error(`no CPU profile in ${dir}`);
  return JSON.parse(fs.readFileSync(largest, 'utf8')) as Profile;
}

async function profiled(judging: boolean): Promise<{ times: Map<string, number>; rps: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-judge-profile-'));
  const server = await startMeasured('judge-profile', {
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
    env: { WORKERS: '1' },
  });
  const session = await listenedSession(server.origin, { secret: judging, contract: judging });
  const url = `${server.origin}/webhook/${session.sessionId}`;
  const warmup = await wrkAt(url, 'POST', 2, { headers: SIGNED_HEADERS });
  const run = await wrkAt(url, 'POST', SECONDS, { headers: SIGNED_HEADERS });
  session.listener.close();
  await stop(server);
  // The profile covers the server's whole life; nearly all of it is these two runs.
  const times = inclusiveTimes(mainThreadProfile(dir), warmup.acked + run.acked);
  fs.rmSync(dir, { recursive: true, force: true });
  return { times, rps: run.rps };
}

buildServer();
const plain = await profiled(false);
const judged = await profiled(true);
const names = new Set([...plain.times.keys(), ...judged.times.keys()]);
const rows = [...names]
  .map((name) => ({ name, plain: plain.times.get(name) ?? 0, judged: judged.times.get(name) ?? 0 }))
  .sort((a, b) => Math.abs(b.judged - b.plain) - Math.abs(a.judged - a.plain));
const cell = (us: number) => us.toFixed(2).padStart(8);
console.log(
  `main thread's time a capture, µs, in and below each function (profiled, so slower than unprofiled): ` +
    `plain ${plain.rps.toFixed(0)}/s, judged ${judged.rps.toFixed(0)}/s under wrk`,
);
console.log(`${'plain'.padStart(8)} ${'judged'.padStart(8)} ${'extra'.padStart(8)}  function`);
for (const row of rows.slice(0, SHOWN)) {
  console.log(`${cell(row.plain)} ${cell(row.judged)} ${cell(row.judged - row.plain)}  ${row.name}`);
}
