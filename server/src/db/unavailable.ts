/**
 * Tells a database that cannot be reached (stopped, restarting, failing over, out of connection
 * slots) or, for SQLite, whose disk cannot be written (full, read-only, failing) from a query that
 * is wrong. The first is temporary: requests answer 503 and the outage is logged once; the second
 * is a bug and is logged with each request.
 */
import type { OutageLog } from '../outage-log.js';

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is temporarily unavailable. Please try again in a moment.';

/**
 * Socket errors of the connection itself. Only counted with a `syscall` (connect, read, write,
 * getaddrinfo): a webhook sender hanging up mid-body is also ECONNRESET ("aborted"), but has none.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL SQLSTATEs: 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now
 * (starting up or in recovery), 53300 too many connections. Class 08 is matched as a whole.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres and its pool report a lost or never-made connection by message only. */
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * SQLite's storage failing under it (better-sqlite3's extended codes): disk full or over quota,
 * a read-only file or file system, I/O errors, a file that cannot be (re)opened.
 */
const SQLITE_STORAGE_CODE = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN)(_[A-Z]+)*$/;

const MAX_DEPTH = 4;

function matches(error: unknown, depth: number): boolean {
  if (!(error instanceof Error) || depth > MAX_DEPTH) return false;
  // Node's and node-postgres's errors carry these as own fields; read them without trusting their type.
  const { code, syscall } = error as Error & { code?: unknown; syscall?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) && typeof syscall === 'string') return true;
    if (SERVER_CODES.has(code) || /^08/.test(code)) return true;
    if (SQLITE_STORAGE_CODE.test(code)) return true;
  }
  if (MESSAGES.some((message) => error.message.startsWith(message))) return true;
  // Node reports a host with several addresses (localhost: ::1 and 127.0.0.1) as an AggregateError.
  if (error instanceof AggregateError && error.errors.some((inner) => matches(inner, depth + 1))) return true;
  return matches(error.cause, depth + 1);
}

/** True when the error means the database could not be reached, as opposed to a failed query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return matches(error, 0);
}

/**
 * If `error` means the database cannot be reached, records the outage (logged once for all
 * requests) and returns true; otherwise returns false and the caller logs the error itself.
 */
export function noteDatabaseOutage(outage: OutageLog, error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  outage.down('database', error);
  return true;
}
