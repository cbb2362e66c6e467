/**
 * The load runs of one Hookbay server: capture and redirect under wrk against the bare servers in
 * alternating rounds, the exact counts (bench/exact.ts), and the open loop. Run once per WORKERS setting.
 */
import { JOIN_USER_ROOM, WEBHOOK_REQUEST } from '../shared/realtime.js';
import { api, connect, newSession, wrkAt } from './client.js';
import { exactCounts, type ExactCounts } from './exact.js';
import { judgedCounts, judgedSession } from './judged.js';
import { namedSession } from './named.js';
import type { OpenLoopResult, TimedLoop } from './open-loop.js';
import { bareLoopInOwnProcess, openLoopInOwnProcess } from './open-loop-process.js';
import { hangingTarget, relayedSession } from './relayed.js';
import { routedLink } from './routed.js';
import { settled } from './stats.js';
import type { WrkResult } from './wrk.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
export const WARMUP_SECONDS = 2;
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export { SECONDS };

/** Results of the same rounds, by runner name (bare, hookbay, ceiling), and each one's warm-up run. */
export interface Rounds {
  rounds: Record<string, WrkResult[]>;
  warmups: Record<string, WrkResult>;
  /**
   * Hookbay's CPU time (every process and thread) per answered request in each round, in µs: what
   * a request costs the server, less exposed than req/s to wrk and the listeners sharing the cores.
   */
  cpuUs: Record<string, number[]>;
}

/**
 * One warm-up run of each, then ROUNDS rounds in which every runner runs once, the order turned
 * round each time (A B C, then C B A, …), so none always runs on a warmer or cooler machine.
 */
async function alternate(
  runners: Record<string, (seconds: number) => Promise<WrkResult>>,
  serverCpuUs: () => number,
): Promise<Rounds> {
  const names = Object.keys(runners);
  const result: Rounds = {
    rounds: Object.fromEntries(names.map((name) => [name, []])),
    warmups: {},
    cpuUs: Object.fromEntries(names.map((name) => [name, []])),
  };
  for (const name of names) {
    const warmup = await runners[name]?.(WARMUP_SECONDS);
    if (warmup) result.warmups[name] = warmup;
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      const before = serverCpuUs();
      const run = await runners[name]?.(SECONDS);
      if (!run) continue;
      result.rounds[name]?.push(run);
      result.cpuUs[name]?.push((serverCpuUs() - before) / run.acked);
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
  /** Hookbay's CPU time so far, every process, in µs. */
  hookbayCpuUs: () => number;
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
  /** The runs relaying to a target that never answers: acknowledged, pushed, connections it held. */
  relayed: { acked: number; pushed: number; attempts: number };
  exact: ExactCounts;
  /**
   * The open loop on the just-started server, and again once every load run is over; and bare
   * Node's answers through the same loop just before the first.
   */
  loops: { bare: TimedLoop; fresh: OpenLoopResult; warm: OpenLoopResult };
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
  // Open loop first, on the freshly started server: at a steady rate, on its own session and
  // listener, from a process of its own; bare Node through the same loop just before it.
  const bareLoop = await bareLoopInOwnProcess(origins.bare);
  const fresh = await openLoopInOwnProcess(origin);

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
  // And a session relaying every capture to a target that never answers: relays must not slow it.
  const hanging = await hangingTarget();
  const relayed = await relayedSession(origin, hanging.url);
  const relayedListener = await connect(origin, relayed.sessionId);
  let relayedPushed = 0;
  relayedListener.on(WEBHOOK_REQUEST, () => relayedPushed++);
  const capture = await alternate(
    {
      ...runnersFor(origins, `${origin}/webhook/${owner.sessionId}`, (bare) => `${bare}/hook`, 'POST'),
      judged: (seconds) =>
        wrkAt(`${origin}/webhook/${judged.sessionId}`, 'POST', seconds, { headers: judged.headers }),
      named: (seconds) => wrkAt(`${origin}/webhook/${named.name}`, 'POST', seconds),
      relayed: (seconds) => wrkAt(`${origin}/webhook/${relayed.sessionId}`, 'POST', seconds),
    },
    origins.hookbayCpuUs,
  );

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
  const redirect = await alternate(
    {
      ...runnersFor(origins, `${origin}/s/${link.id}`, (bare) => `${bare}/s/bare`, 'GET'),
      routed: (seconds) => wrkAt(`${origin}/s/${routed.id}`, 'GET', seconds),
    },
    origins.hookbayCpuUs,
  );
  const capturePushed = await settled(() => pushed);
  listener.close();
  const judgedPushedCount = await settled(() => judgedPushed);
  judgedListener.close();
  const namedPushedCount = await settled(() => namedPushed);
  namedListener.close();
  const relayedPushedCount = await settled(() => relayedPushed);
  relayedListener.close();
  const relayAttempts = hanging.accepted();
  await hanging.close();
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
    relayed: { acked: acked('relayed'), pushed: relayedPushedCount, attempts: relayAttempts },
    exact: await exactCounts(origin),
    loops: { bare: bareLoop, fresh, warm: await openLoopInOwnProcess(origin) },
  };
}
