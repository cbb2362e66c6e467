/** What the database outage tests read of the app's log: its outage messages and how often they came. */

/** Logged (warn) once when an outage starts; the same text as the app's own. */
export const DOWN = 'The database is unavailable: requests that need it answer 503 until it is back';
/** Logged (info) once when the database is back. */
export const UP = 'The database is back';

/** What the test reads of a spied log method: the arguments of each call. */
export interface LogSpy {
  mock: { calls: unknown[][] };
}

/** How many times the spied log method was called with this message. */
export function timesLogged(spy: LogSpy, message: string): number {
  return spy.mock.calls.filter((call) => call.includes(message)).length;
}
