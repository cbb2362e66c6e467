/**
 * Password checks of protected links, with a limit on wrong tries: 10 per link and IP address in
 * 10 minutes, counted from stored rows so that it holds across instances.
 */
import { retryAfterSeconds } from '../../http/errors.js';
import type { LinkLimitsRepo } from './link-limits.repo.js';
import { verifyPassword } from './password.js';

export const PASSWORD_TRIES = 10;
export const PASSWORD_WINDOW_MS = 10 * 60_000;

export type PasswordOutcome = 'right' | 'wrong' | { retryAfterS: number };

export interface LinkPasswords {
  /**
   * Checks `password` against the link's hash. Refuses without checking (with the seconds to
   * wait) when the IP address already entered PASSWORD_TRIES wrong ones within the window.
   */
  check(link: { id: string; passwordHash: string }, password: string, ip: string): Promise<PasswordOutcome>;
}

export function createLinkPasswords(
  repo: Pick<LinkLimitsRepo, 'countPasswordFailures' | 'addPasswordFailure'>,
  now: () => number = Date.now,
): LinkPasswords {
  return {
    async check(link, password, ip) {
      const at = now();
      const since = at - PASSWORD_WINDOW_MS;
      const failures = await repo.countPasswordFailures(link.id, ip, since);
      if (failures.count >= PASSWORD_TRIES && failures.oldest !== null) {
        return { retryAfterS: retryAfterSeconds(failures.oldest + PASSWORD_WINDOW_MS - at) };
      }
      if (await verifyPassword(password, link.passwordHash)) return 'right';
      await repo.addPasswordFailure(link.id, ip, at, since);
      return 'wrong';
    },
  };
}
