/**
 * The load runs of one Hookbay server: capture and redirect under wrk against the bare servers in
 * alternating rounds, the exact counts, and the open loop. Run once per WORKERS setting.
 */
import { DESKTOP_CHROME_UA } from '../e2e/harness.js';
import { JOIN_USER_ROOM, URL_CLICK, WEBHOOK_REQUEST } from '../shared/realtime.js';
import { api, BODY, connect, newSession, SENDER_UA, storedCount } from './client.js';
import { judgedCounts, judgedSession } from './judged.js';
import { namedSession } from './named.js';
import { openLoop } from './open-loop.js';
import { routedLink } from './routed.js';
import { settled } from './stats.js';
import { wrk, type WrkOptions, type WrkResult } from './wrk.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
export const WARMUP_SECONDS = 2;
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const CONNECTIONS = 50;
export const EXACT_COUNT = 5000;
export { SECONDS };

/** Results of the same rounds, by runner name (bare, hookbay, ceiling), and each one's warm-up run. */
export interface Rounds {
  rounds: Record<string, WrkResult[]>;
  warmups: Record<string, WrkResult>;
}

/**
 * One warm-up run of each, then ROUNDS rounds in which every runner runs once, the order turned
 * round each time (A B C, then C B A, …), so none always runs on a warmer or cooler machine.
 */
async function alternate(runners: Record<string, (seconds: number) => Promise<WrkResult>>): Promise<Rounds> {
  const names = Object.keys(runners);
  const result: Rounds = { rounds: Object.fromEntries(names.map((name) => [name, []])), warmups: {} };
  for (const name of names) {
    const warmup = await runners[name]?.(WARMUP_SECONDS);
    if (warmup) result.warmups[name] = warmup;
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      const run = await runners[name]?.(SECONDS);
      if (run) result.rounds[name]?.push(run);
    }
  }
  return result;
}

export interface Origins {
  hookbay: string;
  /** The bare server, one process. */
  bare: string;
  /** The bare server with as many processes as Hookbay has workers; absent for one process. */
  ceiling?: string;
}

export interface LoadResult {
  capture: Rounds;
  redirect: Rounds;
  capturePushed: number;
  captureAcked: number;
  /** The judged capture runs: acknowledged, pushed, and how many stored ones both judges passed. */
  judged: { acked: number; pushed: number; passed: number; stored: number };
  /** The capture-by-name runs: acknowledged and pushed. */
  named: { acked: number; pushed: number };
  exact: {
    captureAcked: number;
    stored: number;
    pushed: number;
    captureErrors: number;
    /** The same EXACT_COUNT captures sent to a named inspector's `/webhook/{name}`. */
    named: { acked: number; stored: number; pushed: number; errors: number };
    redirectAcked: number;
    clicks: number;
    clickEvents: number;
    redirectErrors: number;
  };
  loop: Awaited<ReturnType<typeof openLoop>>;
}

/**
 * wrk on `url` with CONNECTIONS connections: a POST carries the sender's body and user agent, a GET
 * comes from a desktop browser.
 */
function wrkAt(
  url: string,
  method: 'GET' | 'POST',
  seconds: number,
  extra: Pick<WrkOptions, 'headers' | 'quota'> = {},
): Promise<WrkResult> {
  return wrk({
    url,
    seconds,
    connections: CONNECTIONS,
    method,
    ...(method === 'POST' ? { body: BODY, userAgent: SENDER_UA } : { userAgent: DESKTOP_CHROME_UA }),
    ...extra,
  });
}

function runnersFor(
  origins: Origins,
  hookbayUrl: string,
  bareUrl: (origin: string) => string,
  method: 'GET' | 'POST',
) {
  const run = (url: string) => (seconds: number) => wrkAt(url, method, seconds);
  return {
    bare: run(bareUrl(origins.bare)),
    hookbay: run(hookbayUrl),
    ...(origins.ceiling ? { ceiling: run(bareUrl(origins.ceiling)) } : {}),
  };
}

export async function measureLoad(origins: Origins): Promise<LoadResult> {
  const origin = origins.hookbay;
  // Open loop first, on the freshly started server: at a steady rate, on its own session and listener.
  const steady = await newSession(origin);
  const steadyListener = await connect(origin, steady.sessionId);
  const loop = await openLoop(origin, steady.sessionId, steadyListener, CONNECTIONS);
  steadyListener.close();

  // Capture: one session, one listener receiving every event. In the same rounds, a judged session
  // (a signing secret and a contract) with a listener of its own: what judging costs; and a named
  // inspector captured by its name: what finding the session by name costs.
  const owner = await newSession(origin);
  const listener = await connect(origin, owner.sessionId);
  let pushed = 0;
  listener.on(WEBHOOK_REQUEST, () => pushed++);
  const judged = await judgedSession(origin);
  const judgedListener = await connect(origin, judged.sessionId);
  let judgedPushed = 0;
  judgedListener.on(WEBHOOK_REQUEST, () => judgedPushed++);
  const named = await namedSession(origin, 'bench-by-name');
  const namedListener = await connect(origin, named.sessionId);
  let namedPushed = 0;
  namedListener.on(WEBHOOK_REQUEST, () => namedPushed++);
  const capture = await alternate({
    ...runnersFor(origins, `${origin}/webhook/${owner.sessionId}`, (bare) => `${bare}/hook`, 'POST'),
    judged: (seconds) =>
      wrkAt(`${origin}/webhook/${judged.sessionId}`, 'POST', seconds, { headers: judged.headers }),
    named: (seconds) => wrkAt(`${origin}/webhook/${named.name}`, 'POST', seconds),
  });

  // Redirect: one link of the same user, whose listener also receives url-click events.
  const link = await api<{ id: string }>(origin, '/api/urls', owner.sessionId, {
    url: 'https://example.com/some/long/landing/page',
  });
  await new Promise<void>((resolve, reject) =>
    listener.emit(JOIN_USER_ROOM, owner.id, (answer) =>
      answer.ok ? resolve() : reject(new Error(answer.error)),
    ),
  );
  // In the same rounds, a link with a targeting rule and a split: what routing a visit costs.
  const routed = await routedLink(origin, owner.sessionId);
  const redirect = await alternate({
    ...runnersFor(origins, `${origin}/s/${link.id}`, (bare) => `${bare}/s/bare`, 'GET'),
    routed: (seconds) => wrkAt(`${origin}/s/${routed.id}`, 'GET', seconds),
  });
  const capturePushed = await settled(() => pushed);
  listener.close();
  const judgedPushedCount = await settled(() => judgedPushed);
  judgedListener.close();
  const namedPushedCount = await settled(() => namedPushed);
  namedListener.close();
  const verdicts = await judgedCounts(origin, judged.sessionId);

  // The warm-up run is acknowledged (and pushed) too.
  const acked = (runner: string) =>
    [capture.warmups[runner], ...(capture.rounds[runner] ?? [])].reduce(
      (sum, run) => sum + (run?.acked ?? 0),
      0,
    );
  return {
    capture,
    redirect,
    capturePushed,
    captureAcked: acked('hookbay'),
    judged: {
      acked: acked('judged'),
      pushed: judgedPushedCount,
      passed: verdicts.matching,
      stored: verdicts.total,
    },
    named: { acked: acked('named'), pushed: namedPushedCount },
    exact: await exactCounts(origin),
    loop,
  };
}

/** A fresh session and link, EXACT_COUNT requests each, every answer awaited, then everything counted. */
async function exactCounts(origin: string): Promise<LoadResult['exact']> {
  const exact = await newSession(origin);
  const listener = await connect(origin, exact.sessionId);
  let pushed = 0;
  let clickEvents = 0;
  listener.on(WEBHOOK_REQUEST, () => pushed++);
  listener.on(URL_CLICK, () => clickEvents++);
  await new Promise<void>((resolve) => listener.emit(JOIN_USER_ROOM, exact.id, () => resolve()));
  const capture = await wrkAt(`${origin}/webhook/${exact.sessionId}`, 'POST', 3, { quota: EXACT_COUNT });
  const named = await exactByName(origin);
  const link = await api<{ id: string }>(origin, '/api/urls', exact.sessionId, {
    url: 'https://example.com/exact',
  });
  const redirect = await wrkAt(`${origin}/s/${link.id}`, 'GET', 3, { quota: EXACT_COUNT });
  await settled(() => pushed + clickEvents);
  const stored = await storedCount(origin, exact.sessionId);
  const clicks = (await api<{ totalClicks: number }>(origin, `/s/${link.id}/analytics`, exact.sessionId))
    .totalClicks;
  listener.close();
  return {
    captureAcked: capture.acked,
    stored,
    pushed,
    captureErrors: capture.errors,
    named,
    redirectAcked: redirect.acked,
    clicks,
    clickEvents,
    redirectErrors: redirect.errors,
  };
}

/** EXACT_COUNT captures to a fresh named inspector by its name, each answer awaited, then counted. */
async function exactByName(origin: string): Promise<LoadResult['exact']['named']> {
  const named = await namedSession(origin, 'bench-exact-by-name');
  const listener = await connect(origin, named.sessionId);
  let pushed = 0;
  listener.on(WEBHOOK_REQUEST, () => pushed++);
  const capture = await wrkAt(`${origin}/webhook/${named.name}`, 'POST', 3, { quota: EXACT_COUNT });
  await settled(() => pushed);
  const stored = await storedCount(origin, named.sessionId);
  listener.close();
  return { acked: capture.acked, stored, pushed, errors: capture.errors };
}
