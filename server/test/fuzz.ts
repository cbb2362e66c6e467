/**
 * Property-based fuzzing of every documented route and of the capture path (the cases and the
 * promise are in fuzz-cases.ts): the server never answers 5xx, every error is JSON
 * `{"error": "…"}` without a stack trace or a file path, and it still serves afterwards. The test
 * suite runs a few thousand cases in process (`fuzzRoutes`); `npm run fuzz` runs them over HTTP
 * against a server process, several at a time, for as long as asked (`fuzzServer`).
 */
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { SessionUser } from '../../shared/sessions.js';
import { checkAnswer, fuzzableOperations, fuzzCases, type SendRequest } from './fuzz-cases.js';

export interface FuzzOptions {
  /** Requests in all; unset: as many as `seconds` allows. */
  runs?: number;
  /** Stop after this long, whatever `runs` says. */
  seconds?: number;
  seed: number;
  /** Requests in flight at once: each lane is a fast-check run of its own, on seed + its index. */
  lanes?: number;
}

/** The runs each lane makes so that together they make `runs`. */
function runsPerLane(runs: number | undefined, lanes: number): number[] {
  if (runs === undefined) return Array.from({ length: lanes }, () => Number.MAX_SAFE_INTEGER);
  return Array.from({ length: lanes }, (_, lane) => Math.floor(runs / lanes) + (lane < runs % lanes ? 1 : 0));
}

/**
 * Sends hostile requests through `send` and resolves with how many were sent once all kept the
 * promise; rejects with the first counterexample otherwise (its lane's seed replays it).
 */
export async function fuzzServer(send: SendRequest, options: FuzzOptions): Promise<number> {
  const created = await send({
    method: 'POST',
    url: '/api/user',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (created.status !== 200) throw new Error(`session failed: ${created.status} ${created.body}`);
  const { sessionId } = JSON.parse(created.body) as SessionUser;
  const cases = fuzzCases(await fuzzableOperations(send), sessionId);
  let sent = 0;
  // Once a lane has failed, the others pass through their remaining runs without sending.
  let failed = false;
  const results = await Promise.all(
    runsPerLane(options.runs, options.lanes ?? 1).map(async (numRuns, lane) => {
      if (numRuns === 0) return null;
      const result = await fc.check(
        fc.asyncProperty(cases, async (fuzz) => {
          if (failed) return;
          sent++;
          checkAnswer(fuzz, await send(fuzz.request));
        }),
        {
          numRuns,
          seed: options.seed + lane,
          endOnFailure: true,
          plugins: options.seconds === undefined ? [] : [fc.interruptAfterTimeLimit(options.seconds * 1000)],
        },
      );
      if (result.failed) failed = true;
      return result;
    }),
  );
  const failure = results.find((result) => result?.failed);
  if (failure) {
    // fast-check's own report prints the whole counterexample, 64 KB URLs included.
    const error =
      failure.errorInstance instanceof Error ? failure.errorInstance.message : String(failure.errorInstance);
    throw new Error(
      `fuzzing failed (seed ${failure.seed}, path "${failure.counterexamplePath}"): ${error.slice(0, 1500)}`,
    );
  }
  // Whatever it was sent, the server still serves, and the session's list still reads.
  const after = await send({ method: 'GET', url: '/api/events', headers: { 'x-session-id': sessionId } });
  if (after.status !== 200)
    throw new Error(`the events list broke after fuzzing: ${after.status} ${after.body}`);
  return sent;
}

/** Carries requests into `app` in process, without a socket. */
export function injectInto(app: FastifyInstance): SendRequest {
  return async (request) => {
    const response = await app.inject({
      method: request.method as InjectOptions['method'],
      url: request.url,
      headers: request.headers,
      ...(request.body === undefined ? {} : { payload: request.body }),
    });
    return { status: response.statusCode, headers: response.headers, body: response.body };
  };
}

/** Runs `runs` random requests against `app` in process, one at a time. */
export async function fuzzRoutes(app: FastifyInstance, runs: number, seed?: number): Promise<void> {
  await fuzzServer(injectInto(app), { runs, seed: seed ?? Math.floor(Math.random() * 2 ** 31) });
}
