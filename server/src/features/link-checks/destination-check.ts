/**
 * One check of a destination: GET, following redirects by hand so each hop goes through the replay
 * address guard (private, loopback and link-local addresses refused unless REPLAY_ALLOW_PRIVATE),
 * connecting to the addresses the guard checked. The body is never read.
 */
import http from 'node:http';
import https from 'node:https';
import {
  LINK_CHECK_MAX_HOPS,
  LINK_CHECK_TIMEOUT_MS,
  type LinkCheckHop,
} from '../../../../shared/link-checks.js';
import { ForbiddenError } from '../../http/errors.js';
import { pinnedLookup, unreachableMessage, vetTarget, type Resolver } from '../replay/address-guard.js';

export interface CheckOutcome {
  ok: boolean;
  status: number | null;
  error: string | null;
  chain: LinkCheckHop[];
  durationMs: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function ask(target: URL, signal: AbortSignal, lookup?: ReturnType<typeof pinnedLookup>) {
  return new Promise<{ status: number; location: string | null }>((resolve, reject) => {
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        method: 'GET',
        headers: { 'user-agent': 'Hookbay-LinkCheck/1', accept: '*/*' },
        agent: false,
        signal,
        ...(lookup && { lookup }),
      },
      (response) => {
        // Only the status and Location matter: the body is dropped unread.
        response.destroy();
        resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** Checks `destination`; never throws: a failure is a broken outcome with its reason. */
export async function checkDestination(
  destination: string,
  options: { allowPrivate: boolean; resolve: Resolver; now?: () => number },
): Promise<CheckOutcome> {
  const now = options.now ?? Date.now;
  const started = now();
  const signal = AbortSignal.timeout(LINK_CHECK_TIMEOUT_MS);
  const chain: LinkCheckHop[] = [];
  const done = (error: string | null, status: number | null): CheckOutcome => ({
    ok: error === null,
    status,
    error,
    chain,
    durationMs: Math.max(0, now() - started),
  });
  let target = new URL(destination);
  for (let hop = 0; hop <= LINK_CHECK_MAX_HOPS; hop += 1) {
    let answer: { status: number; location: string | null };
    try {
      const lookup = options.allowPrivate
        ? undefined
        : pinnedLookup(await vetTarget(target, options.resolve, 'A check'));
      answer = await ask(target, signal, lookup);
    } catch (error) {
      if (error instanceof ForbiddenError) return done(error.message, null);
      if (signal.aborted)
        return done(`${target.host} did not answer within ${LINK_CHECK_TIMEOUT_MS / 1000} seconds.`, null);
      return done(unreachableMessage(target, error), null);
    }
    chain.push({ url: target.href, status: answer.status });
    if (!REDIRECTS.has(answer.status) || answer.location === null)
      return done(answer.status >= 400 ? `The destination answered ${answer.status}.` : null, answer.status);
    target = new URL(answer.location, target);
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      return done(`A redirect leads to ${target.protocol} instead of a web page.`, answer.status);
  }
  return done(`More than ${LINK_CHECK_MAX_HOPS} redirects.`, chain.at(-1)?.status ?? null);
}
