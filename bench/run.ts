/**
 * npm run bench: Hookbay's hot paths against a bare Node http server measured in the same run,
 * reported as ratios (absolute numbers depend on the machine; ratios much less).
 *
 * Hookbay runs as a user gets it: `npm start` (compiled server, embedded SQLite in a fresh DATA_DIR,
 * default log level), once with WORKERS=1 and once with the default WORKERS (the cores). The bare
 * server runs as one process, and also with as many processes as Hookbay has workers: that is the
 * ceiling. wrk loads them alternately (A B C, then C B A, ...) and the ratio of each round is taken,
 * then the median. Live listeners (Socket.IO clients) run in this process, but for the open loop.
 *
 * - capture: 1 KB JSON POSTs to a webhook URL, each stored and pushed to a listener of the session;
 * - judged capture: the same on a session with a signing secret and a contract, each request signed
 *   and passing, so every capture pays an HMAC and a compiled validator; also as a ratio to capture;
 * - capture by name: the same to `/webhook/{name}` of a named inspector; also as a ratio to capture;
 * - relayed capture: the same to a session relaying every capture to a loopback target that never
 *   answers (Hookbay runs with REPLAY_ALLOW_PRIVATE=1 for it); also as a ratio to capture;
 * - redirect: GET /s/{id} with a desktop Chrome user agent, each click committed before the 302;
 * - routed redirect: the same to a link with an IP-range rule and a 50/50 split; also as a ratio to
 *   redirect;
 * - exact counts: a fixed number of requests, then acknowledged == stored == pushed is checked;
 * - open loop: capture at a steady 500 requests a second, latency from each request's scheduled
 *   send time to its event reaching the listener (so a stalled server cannot hide its queue), on the
 *   just-started server (before any load, after its idle memory is read) and again after the load
 *   runs, each time from a fresh process;
 * - memory: the server's RSS (all its processes) right after start, idle once V8 has given back what
 *   starting left behind, and its peak during all the runs; its PSS idle (pages the processes share
 *   counted once);
 * - the web list: /webhook in Chromium with 10,000 stored requests (bench/browser.ts).
 * - search: medians of searches in a session of 10,000 events, against a 100 ms budget (bench/search.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH, hasChromium } from '../e2e/harness.js';
import { measureWebhookList } from './browser.js';
import { BODY, CONNECTIONS, SENDER_UA } from './client.js';
import { measureJudgeCost } from './judge-cost.js';
import { measureLoad, ROUNDS, SECONDS, WARMUP_SECONDS } from './load.js';
import {
  buildProduct,
  childrenOf,
  cpuUs,
  memory,
  proportionalMemory,
  startServer,
  stop,
  type Server,
} from './processes.js';
import { report, row, type Mode } from './report.js';
import { benchSearch, SEARCH_BUDGET_MS } from './search.js';
import { sleep } from './stats.js';
import { requireWrk, wrk } from './wrk.js';

const BROWSER_REQUESTS = 10_000;
/**
 * A server holds what starting left behind (compiled route schemas, the migration check, the API
 * document's drafts) until V8's memory reducer collects it, 8 s after the heap goes quiet and in a
 * few rounds after that (10-20 s on this kind of machine): idle memory is read after this long.
 */
const SETTLE_MS = 30_000;
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

/** Starts Hookbay with `workers` processes on a fresh database, loads it, and stops it. */
async function measureMode(workers: number, bare: Server, dataRoot: string): Promise<Mode> {
  const dataDir = fs.mkdtempSync(path.join(dataRoot, `hookbay-${workers}-`));
  const hookbay = await startServer(
    ['scripts/start.mjs'],
    // Private targets allowed only so the relayed scenario can aim at a loopback server.
    { DATA_DIR: dataDir, WORKERS: String(workers), REPLAY_ALLOW_PRIVATE: '1' },
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
    const started = memory(pid).rss;
    await sleep(SETTLE_MS - 2000);
    const idle = memory(pid).rss;
    const idlePss = proportionalMemory(pid);
    let peak = Math.max(started, idle);
    const sampler = setInterval(() => (peak = Math.max(peak, memory(pid).rss)), 250);
    const load = await measureLoad({
      hookbay: hookbay.origin,
      bare: bare.origin,
      ...(ceiling ? { ceiling: ceiling.origin } : {}),
      hookbayCpuUs: () => cpuUs(pid),
    });
    clearInterval(sampler);
    // VmHWM also covers moments between two samples.
    const after = memory(pid);
    return { workers, load, started, idle, idlePss, peak: Math.max(peak, after.rss, after.peak) };
  } finally {
    await stop(hookbay);
    if (ceiling) await stop(ceiling);
  }
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
    for (const mode of modes) report(mode, judgeCost, DEFAULT_WORKERS);

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
