/**
 * Unique visitors without keeping who they are: a person's click stores a keyed hash of (the
 * day's salt, link, IP address, user agent): SHA-256 over the secret salt and the fields. The salt is random, one per UTC day, stored so that
 * every instance hashes alike, held in memory (the redirect reads the database for it once a day,
 * not per click) and deleted 48 hours after its day began, after which nobody can recompute a
 * hash from a guessed address. Hashes of two days, or of two links, never match.
 */
import { hash, randomBytes } from 'node:crypto';
import type { VisitorSaltsRepo } from './visitor-salts.repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A salt is deleted once this long has passed since its day began. */
export const SALT_LIFETIME_MS = 48 * 60 * 60 * 1000;
/** 64 bits of the hash, as hex: collisions within one link and day are out of reach. */
const HASH_HEX_LENGTH = 16;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** The UTC day (YYYY-MM-DD) of an epoch-millisecond time. */
export function utcDayOf(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The visitor hash of a person's click (hex, 16 characters). */
export function visitorHashOf(
  salt: string,
  linkId: string,
  ip: string | null,
  userAgent: string | null,
): string {
  // One call with no hash object: this runs for every click, on the redirect's path.
  return hash('sha256', `${salt}\u0000${linkId}\u0000${ip ?? ''}\u0000${userAgent ?? ''}`, 'hex').slice(
    0,
    HASH_HEX_LENGTH,
  );
}

export interface VisitorSalts {
  /**
   * The salt of the UTC day of `at` (epoch ms): at once from memory, else a promise of it read or
   * created in the database, once per day and instance. That promise rejects when the database
   * cannot be reached (the next call retries).
   */
  saltOf(at: number): string | Promise<string>;
  /** Deletes the salts, stored and in memory, of days that began 48 hours or more before `now`; returns how many rows. */
  deleteOld(now: number): Promise<number>;
}

export function createVisitorSalts(repo: VisitorSaltsRepo, clock: () => number = Date.now): VisitorSalts {
  const salts = new Map<string, Promise<string>>();
  /** The salt of the day clicks are coming in on, once known: read without a promise or a date string. */
  let today: { dayNumber: number; salt: string } | null = null;

  /** Forgets the salts of days before `oldestKept`. */
  function forgetBefore(oldestKept: string): void {
    for (const day of salts.keys()) if (day < oldestKept) salts.delete(day);
    if (today && utcDayOf(today.dayNumber * DAY_MS) < oldestKept) today = null;
  }

  return {
    saltOf(at) {
      if (today?.dayNumber === Math.floor(at / DAY_MS)) return today.salt;
      const day = utcDayOf(at);
      const known = salts.get(day);
      if (known) return known;
      // Yesterday's salt stays for clicks still on their way at midnight; older ones go.
      forgetBefore(utcDayOf(at - DAY_MS));
      const salt = repo.claim(day, randomBytes(32).toString('hex'), clock());
      salts.set(day, salt);
      salt.then(
        (value) => {
          // A click of another day may have asked meanwhile; the newest day stays the fast one.
          const dayNumber = Math.floor(at / DAY_MS);
          if (salts.get(day) === salt && (today === null || today.dayNumber <= dayNumber)) {
            today = { dayNumber, salt: value };
          }
        },
        () => {
          if (salts.get(day) === salt) salts.delete(day);
        },
      );
      return salt;
    },
    async deleteOld(now) {
      const lastExpiredDay = utcDayOf(now - SALT_LIFETIME_MS);
      forgetBefore(utcDayOf(now - SALT_LIFETIME_MS + DAY_MS));
      return repo.deleteUpTo(lastExpiredDay);
    },
  };
}

export interface SaltSweeper {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/** Deletes expired salts at start and then every hour; every instance runs it, harmlessly at once. */
export function startSaltSweeper(
  salts: VisitorSalts,
  reportError: (error: unknown, message: string) => void,
): SaltSweeper {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running.then(() =>
      salts
        .deleteOld(Date.now())
        .catch((error: unknown) => reportError(error, 'deleting visitor salts failed')),
    );
  };
  run();
  const timer = setInterval(run, SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
