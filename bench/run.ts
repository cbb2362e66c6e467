/**
 * npm run bench: Hookbay's hot paths against a bare Node http server measured in the same run,
 * reported as ratios (absolute numbers depend on the machine; ratios much less).
 *
 * Hookbay runs as a user gets it: `npm start` (compiled server, embedded SQLite in a fresh DATA_DIR,
 * default log level, no other settings). The bare server and Hookbay each run in their own process;
 * wrk loads them alternately (A B, then B A, ...) and the ratio of each round is taken, then the
 * median. Live listeners (Socket.IO clients) run in this process.
 *
 * - capture: 1 KB JSON POSTs to a webhook URL, each stored and pushed to a listener of the session;
 * - redirect: GET /s/{id} with a desktop Chrome user agent, each click committed before the 302;
 * - exact counts: a fixed number of requests, then acknowledged == stored == pushed is checked;
 * - open loop: capture at a steady 500 requests a second, latency from each request's scheduled
 *   send time to its event reaching the listener (so a stalled server cannot hide its queue);
 * - memory: the server's RSS idle after start and its peak during all the runs;
 * - the web list: /webhook in Chromium with 10,000 stored requests (bench/browser.ts).
 * - search: medians of searches in a session of 10,000 events, against a 100 ms budget (bench/search.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JOIN_USER_ROOM, URL_CLICK, WEBHOOK_REQUEST } from '../shared/realtime.js';
import { CHROMIUM_PATH, DESKTOP_CHROME_UA, hasChromium } from '../e2e/harness.js';
import { measureWebhookList } from './browser.js';
import { api, BODY, connect, newSession, SENDER_UA, storedCount } from './client.js';
import { openLoop, OPEN_LOOP_RATE, OPEN_LOOP_SECONDS } from './open-loop.js';
import { buildProduct, memory, startServer, stop } from './processes.js';
import { benchSearch, SEARCH_BUDGET_MS } from './search.js';
import { fmt, median, ms, percentile, settled, sleep } from './stats.js';
import { requireWrk, wrk, type WrkResult } from './wrk.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const WARMUP_SECONDS = 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const EXACT_COUNT = 5000;
const BROWSER_REQUESTS = 10_000;

interface Pair {
  bare: WrkResult[];
  hookbay: WrkResult[];
}

/** Rounds of bare then Hookbay, then Hookbay then bare, ... after one warm-up run of each. */
async function alternate(bare: () => Promise<WrkResult>, hookbay: () => Promise<WrkResult>): Promise<Pair> {
  const pair: Pair = { bare: [], hookbay: [] };
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      pair.bare.push(await bare());
      pair.hookbay.push(await hookbay());
    } else {
      pair.hookbay.push(await hookbay());
      pair.bare.push(await bare());
    }
  }
  return pair;
}

const rps = (results: WrkResult[]) => Math.round(median(results.map((r) => r.rps))).toLocaleString('en-US');
const ratios = (pair: Pair) => pair.hookbay.map((r, i) => r.rps / (pair.bare[i]?.rps ?? NaN));

async function main(): Promise<void> {
  requireWrk();
  if (!hasChromium) {
    console.error(
      `npm run bench needs Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  buildProduct();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-bench-'));
  const bare = await startServer(['bench/bare-server.mjs'], {}, path.join(dataDir, 'bare.log'));
  const hookbay = await startServer(
    ['scripts/start.mjs'],
    { DATA_DIR: dataDir },
    path.join(dataDir, 'server.log'),
  );
  const pid = hookbay.process.pid ?? NaN;
  await sleep(2000);
  const idle = memory(pid).rss;
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, memory(pid).rss)), 100);

  try {
    // Open loop first, on the freshly started server: at a steady rate, on its own session and listener.
    const steady = await newSession(hookbay.origin);
    const steadyListener = await connect(hookbay.origin, steady.sessionId);
    const loop = await openLoop(hookbay.origin, steady.sessionId, steadyListener, CONNECTIONS);
    steadyListener.close();

    // Capture: one session, one listener receiving every event.
    const owner = await newSession(hookbay.origin);
    const listener = await connect(hookbay.origin, owner.sessionId);
    let pushed = 0;
    listener.on(WEBHOOK_REQUEST, () => pushed++);
    const post = (origin: string, seconds: number) => () =>
      wrk({
        url: origin === hookbay.origin ? `${origin}/webhook/${owner.sessionId}` : `${origin}/hook`,
        seconds,
        connections: CONNECTIONS,
        method: 'POST',
        body: BODY,
        userAgent: SENDER_UA,
      });
    await post(bare.origin, WARMUP_SECONDS)();
    const captureWarmup = await post(hookbay.origin, WARMUP_SECONDS)();
    const capture = await alternate(post(bare.origin, SECONDS), post(hookbay.origin, SECONDS));

    // Redirect: one link of the same user, whose listener also receives url-click events.
    const link = await api<{ id: string }>(hookbay.origin, '/api/urls', owner.sessionId, {
      url: 'https://example.com/some/long/landing/page',
    });
    await new Promise<void>((resolve, reject) =>
      listener.emit(JOIN_USER_ROOM, owner.id, (answer) =>
        answer.ok ? resolve() : reject(new Error(answer.error)),
      ),
    );
    let clickEvents = 0;
    listener.on(URL_CLICK, () => clickEvents++);
    const get = (origin: string, seconds: number) => () =>
      wrk({
        url: origin === hookbay.origin ? `${origin}/s/${link.id}` : `${origin}/s/bare`,
        seconds,
        connections: CONNECTIONS,
        method: 'GET',
        userAgent: DESKTOP_CHROME_UA,
      });
    await get(bare.origin, WARMUP_SECONDS)();
    await get(hookbay.origin, WARMUP_SECONDS)();
    const redirect = await alternate(get(bare.origin, SECONDS), get(hookbay.origin, SECONDS));

    // Exact counts: a fresh session and link, EXACT_COUNT requests each, every answer awaited.
    const exact = await newSession(hookbay.origin);
    const exactListener = await connect(hookbay.origin, exact.sessionId);
    let exactPushed = 0;
    let exactClickEvents = 0;
    exactListener.on(WEBHOOK_REQUEST, () => exactPushed++);
    exactListener.on(URL_CLICK, () => exactClickEvents++);
    await new Promise<void>((resolve) => exactListener.emit(JOIN_USER_ROOM, exact.id, () => resolve()));
    const exactCapture = await wrk({
      url: `${hookbay.origin}/webhook/${exact.sessionId}`,
      seconds: 3,
      connections: CONNECTIONS,
      method: 'POST',
      body: BODY,
      userAgent: SENDER_UA,
      quota: EXACT_COUNT,
    });
    const exactLink = await api<{ id: string }>(hookbay.origin, '/api/urls', exact.sessionId, {
      url: 'https://example.com/exact',
    });
    const exactRedirect = await wrk({
      url: `${hookbay.origin}/s/${exactLink.id}`,
      seconds: 3,
      connections: CONNECTIONS,
      method: 'GET',
      userAgent: DESKTOP_CHROME_UA,
      quota: EXACT_COUNT,
    });
    await settled(() => exactPushed + exactClickEvents);
    const stored = await storedCount(hookbay.origin, exact.sessionId);
    const clicks = (
      await api<{ totalClicks: number }>(hookbay.origin, `/s/${exactLink.id}/analytics`, exact.sessionId)
    ).totalClicks;
    exactListener.close();

    listener.close();
    clearInterval(sampler);
    // VmHWM also covers moments between two samples.
    const memoryAfter = memory(pid);
    peak = Math.max(peak, memoryAfter.rss, memoryAfter.peak);

    // The web list with BROWSER_REQUESTS stored requests (after the load runs, on a quiet server).
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

    const capturePushed = await settled(() => pushed);
    const captureRuns = [captureWarmup, ...capture.hookbay];
    const captureAcked = captureRuns.reduce((sum, r) => sum + r.acked, 0);
    const captureErrors = [...capture.hookbay, ...capture.bare].reduce((sum, r) => sum + r.errors, 0);
    const redirectErrors = [...redirect.hookbay, ...redirect.bare].reduce((sum, r) => sum + r.errors, 0);
    const row = (name: string, results: WrkResult[], ratio: string) =>
      `| ${name.padEnd(38)} | ${rps(results).padStart(8)} | ${ms(median(results.map((r) => r.p50Ms))).padStart(8)} | ${ms(median(results.map((r) => r.p99Ms))).padStart(8)} | ${ratio.padStart(16)} |`;
    const ratioCell = (pair: Pair) => {
      const each = ratios(pair);
      return `${fmt(median(each))} (${fmt(Math.min(...each))}–${fmt(Math.max(...each))})`;
    };
    const ok = (pass: boolean) => (pass ? 'ok' : 'MISMATCH');

    console.log('```');
    console.log(
      `npm run bench: wrk -t1 -c${CONNECTIONS}, ${ROUNDS} alternating rounds of ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up;`,
    );
    console.log(
      'medians of the rounds; ratio = Hookbay / bare Node http in the same round (min–max over rounds)',
    );
    console.log();
    console.log(
      '| scenario                               |    req/s |      p50 |      p99 | ratio to bare    |',
    );
    console.log(
      '| -------------------------------------- | -------: | -------: | -------: | ---------------: |',
    );
    console.log(row('bare Node http, 1 KB POST', capture.bare, '1.00'));
    console.log(row('capture, 1 KB JSON, stored + pushed', capture.hookbay, ratioCell(capture)));
    console.log(row('bare Node http, GET', redirect.bare, '1.00'));
    console.log(row('redirect, click committed before 302', redirect.hookbay, ratioCell(redirect)));
    console.log();
    console.log(
      `errors (non-2xx/3xx answers, socket errors): capture runs ${captureErrors}, redirect runs ${redirectErrors}`,
    );
    console.log(
      `capture runs: ${captureAcked} acknowledged, ${capturePushed} pushed to the listener (wrk drops answers in flight when it stops, so pushed may exceed acknowledged by up to ${CONNECTIONS * captureRuns.length})`,
    );
    console.log(`exact counts, ${EXACT_COUNT} requests each:`);
    console.log(
      `  capture:  sent ${EXACT_COUNT}, acknowledged ${exactCapture.acked}, stored ${stored}, pushed ${exactPushed}, errors ${exactCapture.errors}: ${ok(exactCapture.acked === EXACT_COUNT && stored === EXACT_COUNT && exactPushed === EXACT_COUNT)}`,
    );
    console.log(
      `  redirect: sent ${EXACT_COUNT}, 302s ${exactRedirect.acked}, clicks counted ${clicks}, url-click events ${exactClickEvents}, errors ${exactRedirect.errors}: ${ok(exactRedirect.acked === EXACT_COUNT && clicks === EXACT_COUNT && exactClickEvents === EXACT_COUNT)}`,
    );
    console.log(
      `capture → listener, open loop at ${OPEN_LOOP_RATE} req/s for ${OPEN_LOOP_SECONDS} s, from each request's scheduled send time:`,
    );
    console.log(
      `  p50 ${ms(percentile(loop.delays, 50))}, p99 ${ms(percentile(loop.delays, 99))}, max ${ms(Math.max(...loop.delays))}; ${loop.received} of ${loop.total} events received, ${loop.failed} failed`,
    );
    console.log(
      `server RSS: idle after start ${Math.round(idle)} MB, peak during the runs ${Math.round(peak)} MB`,
    );
    console.log(
      `/webhook in Chromium with ${BROWSER_REQUESTS.toLocaleString('en-US')} stored requests: list painted ${Math.round(browser.paintedMs)} ms after navigation, longest task ${Math.round(browser.longestTaskMs)} ms while scrolling (${browser.longTasks} tasks over 50 ms, ${browser.rowsLoaded} rows loaded by scrolling)`,
    );
    // Search runs on its own databases (SQLite, and PostgreSQL when TEST_DATABASE_URL is set).
    for (const timing of await benchSearch()) {
      const verdict = timing.medianMs < SEARCH_BUDGET_MS ? 'ok' : `over the ${SEARCH_BUDGET_MS} ms budget`;
      console.log(
        `search, 10,000 events, ${timing.database}: ${timing.search}: ${timing.medianMs.toFixed(1)} ms (${timing.matching} found): ${verdict}`,
      );
    }
    console.log('```');
  } finally {
    clearInterval(sampler);
    await stop(hookbay);
    await stop(bare);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
