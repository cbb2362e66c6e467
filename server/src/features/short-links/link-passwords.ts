/**
 * Password checks of protected links, with a limit on wrong tries: 10 per link and IP address in
 * 10 minutes. Only wrong passwords count; once they are used up even the right one waits.
 */
import type { FastifyRequest } from 'fastify';
import { clientIp } from '../../http/client-ip.js';
import { TooManyRequestsError } from '../../http/errors.js';
import type { Limiter } from '../../http/rate-limit/limiter.js';
import { verifyPassword } from './password.js';

export const PASSWORD_TRIES = 10;
export const PASSWORD_WINDOW_MS = 10 * 60_000;

export type PasswordOutcome = 'right' | 'wrong' | { retryAfterS: number };

export interface LinkPasswords {
  /**
   * Checks `password` against the hash of the link the request is for. Refuses without checking
   * (with the seconds to wait) when the request's address already entered PASSWORD_TRIES wrong
   * ones for the link within the window.
   */
  check(request: FastifyRequest, passwordHash: string, password: string): Promise<PasswordOutcome>;
}

/** The link id of a `/s/:id` request. */
function linkIdOf(request: FastifyRequest): string {
  const params = request.params;
  return typeof params === 'object' && params !== null && 'id' in params && typeof params.id === 'string'
    ? params.id
    : '';
}

export function createLinkPasswords(limiter: Limiter): LinkPasswords {
  const wrongTries = limiter.define({
    name: 'wrong-link-passwords',
    max: PASSWORD_TRIES,
    windowMs: PASSWORD_WINDOW_MS,
    subjectOf: (request) => `${linkIdOf(request)} ${clientIp(request) ?? 'unknown'}`,
    message: 'Too many wrong passwords.',
  });

  return {
    async check(request, passwordHash, password) {
      try {
        await wrongTries.check(request);
        if (await verifyPassword(password, passwordHash)) return 'right';
        await wrongTries.hit(request);
        return 'wrong';
      } catch (error) {
        // The refusal is a page here, not the API's JSON answer.
        if (error instanceof TooManyRequestsError) return { retryAfterS: error.retryAfterSeconds };
        throw error;
      }
    },
  };
}
