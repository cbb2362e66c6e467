/**
 * The bench's table rows and the checks printed under them, one WORKERS setting at a time.
 */
import type { JudgeCost } from './judge-cost.js';
import { CONNECTIONS } from './client.js';
import { EXACT_COUNT } from './exact.js';
import { ROUNDS, type LoadResult, type Rounds } from './load.js';
import { OPEN_LOOP_RATE, OPEN_LOOP_SECONDS, type OpenLoopResult } from './open-loop.js';
import { fmt, median, ms, percentile } from './stats.js';
import type { WrkResult } from './wrk.js';

const rps = (results: WrkResult[]) => Math.round(median(results.map((r) => r.rps))).toLocaleString('en-US');

function ratioCell(hookbay: WrkResult[] = [], base: WrkResult[] = []): string {
  const each = hookbay.map((r, i) => r.rps / (base[i]?.rps ?? NaN));
  return `${fmt(median(each))} (${fmt(Math.min(...each))}–${fmt(Math.max(...each))})`;
}

export function row(name: string, results: WrkResult[] = [], ratio: string): string {
  const p50 = ms(median(results.map((r) => r.p50Ms)));
  const p99 = ms(median(results.map((r) => r.p99Ms)));
  return `| ${name.padEnd(46)} | ${rps(results).padStart(8)} | ${p50.padStart(8)} | ${p99.padStart(8)} | ${ratio.padStart(16)} |`;
}

/** One WORKERS setting's load results and the server's memory. */
export interface Mode {
  workers: number;
  load: LoadResult;
  /** RSS of all processes 2 s after the server answered, holding what starting left behind. */
  started: number;
  /** RSS of all processes idle, once V8 has collected what starting left behind. */
  idle: number;
  /** PSS of all processes, idle: the memory they take from the machine together. */
  idlePss: number;
  peak: number;
}

/** The rows and checks of one WORKERS setting; `defaultWorkers` is what WORKERS defaults to here. */
export function report(mode: Mode, judgeCost: JudgeCost, defaultWorkers: number): void {
  const { load } = mode;
  const label = mode.workers === 1 ? 'WORKERS=1' : `WORKERS=${mode.workers}`;
  const ok = (pass: boolean) => (pass ? 'ok' : 'MISMATCH');
  const { capture, redirect, exact, loops } = load;
  console.log();
  console.log(`${label}${mode.workers === defaultWorkers ? ' (the default here)' : ''}:`);
  const rows: [string, Rounds, string][] = [
    ['capture, 1 KB JSON, stored + pushed', capture, 'hookbay'],
    ['capture with a signing secret and a contract', capture, 'judged'],
    ["capture by the inspector's name", capture, 'named'],
    ['capture relayed to a target that never answers', capture, 'relayed'],
    ['redirect, click committed before 302', redirect, 'hookbay'],
    ['redirect through a rule and a split', redirect, 'routed'],
  ];
  for (const [name, rounds, runner] of rows) {
    console.log(row(name, rounds.rounds[runner], ratioCell(rounds.rounds[runner], rounds.rounds.bare)));
  }
  if (capture.rounds.ceiling && redirect.rounds.ceiling) {
    console.log(
      row(
        `bare Node http, ${mode.workers} processes, 1 KB POST`,
        capture.rounds.ceiling,
        ratioCell(capture.rounds.ceiling, capture.rounds.bare),
      ),
    );
    console.log(
      row(
        `bare Node http, ${mode.workers} processes, GET`,
        redirect.rounds.ceiling,
        ratioCell(redirect.rounds.ceiling, redirect.rounds.bare),
      ),
    );
    console.log(
      `  against bare Node with ${mode.workers} processes (the ceiling): capture ${ratioCell(capture.rounds.hookbay, capture.rounds.ceiling)}, redirect ${ratioCell(redirect.rounds.hookbay, redirect.rounds.ceiling)}`,
    );
  }
  const errors = (rounds: Rounds) =>
    Object.values(rounds.rounds)
      .flat()
      .reduce((sum, r) => sum + r.errors, 0);
  console.log(
    `  errors (non-2xx/3xx answers, socket errors): capture runs ${errors(capture)}, redirect runs ${errors(redirect)}`,
  );
  console.log(
    `  capture runs: ${load.captureAcked} acknowledged, ${load.capturePushed} pushed to the listener (wrk drops answers in flight when it stops, so pushed may exceed acknowledged by up to ${CONNECTIONS * (ROUNDS + 1)})`,
  );
  console.log(
    `  judging (a GitHub HMAC-SHA256 signature and a JSON Schema, both passing): judged capture / capture ${ratioCell(capture.rounds.judged, capture.rounds.hookbay)}`,
  );
  const { signatureUs, contractUs } = judgeCost;
  console.log(
    `  the judges alone, in the bench process: signature ${fmt(signatureUs)} µs + contract ${fmt(contractUs)} µs a capture, against ${fmt(1e6 / median(capture.rounds.hookbay?.map((r) => r.rps) ?? []), 0)} µs a capture at the capture rate above`,
  );
  console.log(
    `  routing (an IP-range rule that does not match, then a 50/50 split): routed redirect / redirect ${ratioCell(redirect.rounds.routed, redirect.rounds.hookbay)}`,
  );
  const cpu = (rounds: Rounds, runner: string) => fmt(median(rounds.cpuUs[runner] ?? []), 0);
  console.log(
    `  server CPU a request (every process and thread, median of the rounds): capture ${cpu(capture, 'hookbay')} µs, judged ${cpu(capture, 'judged')} µs, by name ${cpu(capture, 'named')} µs, relayed ${cpu(capture, 'relayed')} µs; redirect ${cpu(redirect, 'hookbay')} µs, routed ${cpu(redirect, 'routed')} µs`,
  );
  const { judged, named, relayed } = load;
  console.log(
    `  relayed: relayed capture / capture ${ratioCell(capture.rounds.relayed, capture.rounds.hookbay)}; ${relayed.acked} acknowledged, ${relayed.pushed} pushed; the target held ${relayed.attempts} delivery connections, none answered`,
  );
  console.log(
    `  by name: capture by name / capture ${ratioCell(capture.rounds.named, capture.rounds.hookbay)}; ${named.acked} acknowledged, ${named.pushed} pushed`,
  );
  console.log(
    `  judged runs: ${judged.acked} acknowledged, ${judged.pushed} pushed; of ${judged.stored} stored, ${judged.passed} judged sig:valid contract:pass: ${ok(judged.stored > 0 && judged.passed === judged.stored)}`,
  );
  console.log(`  exact counts, ${EXACT_COUNT} requests each:`);
  console.log(
    `    capture:  sent ${EXACT_COUNT}, acknowledged ${exact.captureAcked}, stored ${exact.stored}, pushed ${exact.pushed}, errors ${exact.captureErrors}: ${ok(exact.captureAcked === EXACT_COUNT && exact.stored === EXACT_COUNT && exact.pushed === EXACT_COUNT)}`,
  );
  const byName = exact.named;
  console.log(
    `    by name:  sent ${EXACT_COUNT}, acknowledged ${byName.acked}, stored ${byName.stored}, pushed ${byName.pushed}, errors ${byName.errors}: ${ok(byName.acked === EXACT_COUNT && byName.stored === EXACT_COUNT && byName.pushed === EXACT_COUNT)}`,
  );
  console.log(
    `    redirect: sent ${EXACT_COUNT}, 302s ${exact.redirectAcked}, clicks counted ${exact.clicks}, url-click events ${exact.clickEvents}, errors ${exact.redirectErrors}: ${ok(exact.redirectAcked === EXACT_COUNT && exact.clicks === EXACT_COUNT && exact.clickEvents === EXACT_COUNT)}`,
  );
  console.log(
    `  capture → listener, open loop at ${OPEN_LOOP_RATE} req/s for ${OPEN_LOOP_SECONDS} s, from each request's scheduled send time:`,
  );
  const bare = loops.bare;
  console.log(
    `    bare Node through the same loop just before (its answers; it stores and pushes nothing): p50 ${ms(percentile(bare.answers, 50))}, ` +
      `p99 ${ms(percentile(bare.answers, 99))}, max ${ms(Math.max(...bare.answers))}, ${bare.failed} failed; ` +
      `the sending process's own event loop held up p99 ${ms(bare.ownStallsMs.p99)}, max ${ms(bare.ownStallsMs.max)}`,
  );
  printLoop('on the just-started server', loops.fresh);
  printLoop('again after the load runs', loops.warm);
  const aWorker = (mb: number) =>
    mode.workers === 1
      ? ''
      : ` (${Math.round(mb / mode.workers)} MB a worker, with its share of the primary)`;
  console.log(
    `  server RSS, all processes: idle ${Math.round(mode.idle)} MB${aWorker(mode.idle)}, right after start ${Math.round(mode.started)} MB${aWorker(mode.started)}, peak during the runs ${Math.round(mode.peak)} MB`,
  );
  console.log(
    `  server PSS, all processes (pages they share counted once): idle ${Math.round(mode.idlePss)} MB${aWorker(mode.idlePss)}`,
  );
}

function printLoop(when: string, loop: OpenLoopResult): void {
  console.log(
    `    ${when}: p50 ${ms(percentile(loop.delays, 50))}, p99 ${ms(percentile(loop.delays, 99))}, max ${ms(Math.max(...loop.delays))}; ${loop.received} of ${loop.total} events received, ${loop.failed} failed`,
  );
  console.log(
    `      its HTTP answers p50 ${ms(percentile(loop.answers, 50))}, p99 ${ms(percentile(loop.answers, 99))}; ` +
      `to the server's arrival stamp (whole ms): p50 ${ms(percentile(loop.toServer, 50))}, p99 ${ms(percentile(loop.toServer, 99))}; ` +
      `the sending and listening process's own event loop held up p99 ${ms(loop.ownStallsMs.p99)}, max ${ms(loop.ownStallsMs.max)}`,
  );
}
