/**
 * npm run bench: Hookbay's hot paths against a bare Node http server measured in the same run,
 * reported as ratios (absolute numbers depend on the machine; ratios much less).
 *
 * Hookbay runs as a user gets it: `npm start` (compiled server, embedded SQLite in a fresh DATA_DIR,
 * default log level), once with WORKERS=1 and once with the default WORKERS (the cores). The bare
 * server runs as one process, and also with as many processes as Hookbay has workers: that is the
 * ceiling. wrk loads them alternately (A B C, then C B A, ...) and the ratio of each round is taken,
 * then the median. Live listeners (Socket.IO clients) run in this process.
 *
 * - capture: 1 KB JSON POSTs to a webhook URL, each stored and pushed to a listener of the session;
 * - judged capture: the same on a session with a signing secret and a contract, each request signed
 *   and passing, so every capture pays an HMAC and a compiled validator; also as a ratio to capture;
 * - capture by name: the same to `/webhook/{name}` of a named inspector; also as a ratio to capture;
 * - redirect: GET /s/{id} with a desktop Chrome user agent, each click committed before the 302;
 * - exact counts: a fixed number of requests, then acknowledged == stored == pushed is checked;
 * - open loop: capture at a steady 500 requests a second, latency from each request's scheduled
 *   send time to its event reaching the listener (so a stalled server cannot hide its queue);
 * - memory: the server's RSS (all its processes) idle after start and its peak during all the runs;
 * - the web list: /webhook in Chromium with 10,000 stored requests (bench/browser.ts).
 * - search: medians of searches in a session of 10,000 events, against a 100 ms budget (bench/search.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH, hasChromium } from '../e2e/harness.js';
import { measureWebhookList } from './browser.js';
import { BODY, SENDER_UA } from './client.js';
import { measureJudgeCost, type JudgeCost } from './judge-cost.js';
import {
  CONNECTIONS,
  EXACT_COUNT,
  measureLoad,
  ROUNDS,
  SECONDS,
  WARMUP_SECONDS,
  type LoadResult,
} from './load.js';
import { OPEN_LOOP_RATE, OPEN_LOOP_SECONDS } from './open-loop.js';
import { buildProduct, childrenOf, memory, startServer, stop, type Server } from './processes.js';
import { benchSearch, SEARCH_BUDGET_MS } from './search.js';
import { fmt, median, ms, percentile, sleep } from './stats.js';
import { requireWrk, wrk, type WrkResult } from './wrk.js';

const BROWSER_REQUESTS = 10_000;
/** What WORKERS defaults to on this machine (server/src/config.ts). */
const DEFAULT_WORKERS = Math.min(os.availableParallelism(), 8);

/** The WORKERS settings to measure: BENCH_WORKERS alone when set (a shorter run), else 1 and the default. */
function workerSettings(): number[] {
  const only = process.env.BENCH_WORKERS;
  if (only) {
    const workers = Number(only);
    if (!Number.isInteger(workers) || workers < 1) {
      console.error(`BENCH_WORKERS must be a positive whole number, got "${only}"`);
      process.exit(1);
    }
    return [workers];
  }
  return DEFAULT_WORKERS > 1 ? [1, DEFAULT_WORKERS] : [1];
}

const rps = (results: WrkResult[]) => Math.round(median(results.map((r) => r.rps))).toLocaleString('en-US');

function ratioCell(hookbay: WrkResult[] = [], base: WrkResult[] = []): string {
  const each = hookbay.map((r, i) => r.rps / (base[i]?.rps ?? NaN));
  return `${fmt(median(each))} (${fmt(Math.min(...each))}–${fmt(Math.max(...each))})`;
}

function row(name: string, results: WrkResult[] = [], ratio: string): string {
  const p50 = ms(median(results.map((r) => r.p50Ms)));
  const p99 = ms(median(results.map((r) => r.p99Ms)));
  return `| ${name.padEnd(46)} | ${rps(results).padStart(8)} | ${p50.padStart(8)} | ${p99.padStart(8)} | ${ratio.padStart(16)} |`;
}

interface Mode {
  workers: number;
  load: LoadResult;
  idle: number;
  peak: number;
}

/** Starts Hookbay with `workers` processes on a fresh database, loads it, and stops it. */
async function measureMode(workers: number, bare: Server, dataRoot: string): Promise<Mode> {
  const dataDir = fs.mkdtempSync(path.join(dataRoot, `hookbay-${workers}-`));
  const hookbay = await startServer(
    ['scripts/start.mjs'],
    { DATA_DIR: dataDir, WORKERS: String(workers) },
    path.join(dataDir, 'server.log'),
  );
  const ceiling =
    workers > 1
      ? await startServer(
          ['bench/bare-server.mjs'],
          { WORKERS: String(workers) },
          path.join(dataDir, 'bare.log'),
        )
      : null;
  const pid = hookbay.process.pid ?? NaN;
  try {
    await sleep(2000);
    const idle = memory(pid).rss;
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, memory(pid).rss)), 250);
    const load = await measureLoad({
      hookbay: hookbay.origin,
      bare: bare.origin,
      ...(ceiling ? { ceiling: ceiling.origin } : {}),
    });
    clearInterval(sampler);
    // VmHWM also covers moments between two samples.
    const after = memory(pid);
    return { workers, load, idle, peak: Math.max(peak, after.rss, after.peak) };
  } finally {
    await stop(hookbay);
    if (ceiling) await stop(ceiling);
  }
}

function report(mode: Mode, judgeCost: JudgeCost): void {
  const { load } = mode;
  const label = mode.workers === 1 ? 'WORKERS=1' : `WORKERS=${mode.workers}`;
  const ok = (pass: boolean) => (pass ? 'ok' : 'MISMATCH');
  const { capture, redirect, exact, loop } = load;
  console.log();
  console.log(`${label}${mode.workers === DEFAULT_WORKERS ? ' (the default here)' : ''}:`);
  console.log(
    row(
      `capture, 1 KB JSON, stored + pushed`,
      capture.rounds.hookbay,
      ratioCell(capture.rounds.hookbay, capture.rounds.bare),
    ),
  );
  console.log(
    row(
      `capture with a signing secret and a contract`,
      capture.rounds.judged,
      ratioCell(capture.rounds.judged, capture.rounds.bare),
    ),
  );
  console.log(
    row(
      `capture by the inspector's name`,
      capture.rounds.named,
      ratioCell(capture.rounds.named, capture.rounds.bare),
    ),
  );
  console.log(
    row(
      `redirect, click committed before 302`,
      redirect.rounds.hookbay,
      ratioCell(redirect.rounds.hookbay, redirect.rounds.bare),
    ),
  );
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
  const errors = (rounds: LoadResult['capture']) =>
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
  const { judged, named } = load;
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
  console.log(
    `    p50 ${ms(percentile(loop.delays, 50))}, p99 ${ms(percentile(loop.delays, 99))}, max ${ms(Math.max(...loop.delays))}; ${loop.received} of ${loop.total} events received, ${loop.failed} failed`,
  );
  const perProcess =
    mode.workers === 1
      ? ''
      : ` (${Math.round(mode.idle / (mode.workers + 1))} MB a process, primary included)`;
  console.log(
    `  server RSS, all processes: idle after start ${Math.round(mode.idle)} MB${perProcess}, peak during the runs ${Math.round(mode.peak)} MB`,
  );
}

async function main(): Promise<void> {
  requireWrk();
  if (!hasChromium) {
    console.error(
      `npm run bench needs Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  buildProduct();
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-bench-'));
  const bare = await startServer(['bench/bare-server.mjs'], {}, path.join(dataRoot, 'bare.log'));
  try {
    // Before any load, with only the idle bare server running: the judges' own cost.
    const judgeCost = measureJudgeCost();
    const modes: Mode[] = [];
    for (const workers of workerSettings()) modes.push(await measureMode(workers, bare, dataRoot));

    console.log('```');
    console.log(
      `npm run bench: wrk -t1 -c${CONNECTIONS}, ${ROUNDS} alternating rounds of ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up;`,
    );
    console.log(
      'medians of the rounds; ratio = to bare Node http (one process) in the same round (min–max over rounds)',
    );
    console.log();
    console.log(`| ${'scenario'.padEnd(46)} |    req/s |      p50 |      p99 | ratio to bare    |`);
    console.log(`| ${'-'.repeat(46)} | -------: | -------: | -------: | ---------------: |`);
    const first = modes[0]?.load;
    if (first) {
      console.log(row('bare Node http, 1 KB POST', first.capture.rounds.bare, '1.00'));
      console.log(row('bare Node http, GET', first.redirect.rounds.bare, '1.00'));
    }
    for (const mode of modes) report(mode, judgeCost);

    // The web list with BROWSER_REQUESTS stored requests, and search: on the default setting.
    const dataDir = fs.mkdtempSync(path.join(dataRoot, 'hookbay-list-'));
    const hookbay = await startServer(
      ['scripts/start.mjs'],
      { DATA_DIR: dataDir },
      path.join(dataDir, 'server.log'),
    );
    try {
      const browser = await measureWebhookList(hookbay.origin, (sessionId) =>
        wrk({
          url: `${hookbay.origin}/webhook/${sessionId}`,
          seconds: 10,
          connections: CONNECTIONS,
          method: 'POST',
          body: BODY,
          userAgent: SENDER_UA,
          quota: BROWSER_REQUESTS,
        }),
      );
      console.log();
      console.log(
        `/webhook in Chromium with ${BROWSER_REQUESTS.toLocaleString('en-US')} stored requests (${childrenOf(hookbay.process.pid ?? NaN).length || 1} server processes): list painted ${Math.round(browser.paintedMs)} ms after navigation, longest task ${Math.round(browser.longestTaskMs)} ms while scrolling (${browser.longTasks} tasks over 50 ms, ${browser.rowsLoaded} rows loaded by scrolling)`,
      );
    } finally {
      await stop(hookbay);
    }
    // Search runs on its own databases (SQLite, and PostgreSQL when TEST_DATABASE_URL is set).
    for (const timing of await benchSearch()) {
      const verdict = timing.medianMs < SEARCH_BUDGET_MS ? 'ok' : `over the ${SEARCH_BUDGET_MS} ms budget`;
      console.log(
        `search, 10,000 events, ${timing.database}: ${timing.search}: ${timing.medianMs.toFixed(1)} ms (${timing.matching} found): ${verdict}`,
      );
    }
    console.log('```');
  } finally {
    await stop(bare);
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }
}

await main();
