import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.js';

function withFields(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'a refused connection',
      withFields('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', syscall: 'connect' }),
    ],
    ['a reset connection', withFields('read ECONNRESET', { code: 'ECONNRESET', syscall: 'read' })],
    [
      'an unknown host',
      withFields('getaddrinfo ENOTFOUND db', { code: 'ENOTFOUND', syscall: 'getaddrinfo' }),
    ],
    [
      'a server shutting down (57P01)',
      withFields('terminating connection due to administrator command', { code: '57P01' }),
    ],
    ['a server starting up (57P03)', withFields('the database system is starting up', { code: '57P03' })],
    ['a connection failure (08006)', withFields('connection failure', { code: '08006' })],
    ['no connection could be made (08001)', withFields('could not connect', { code: '08001' })],
    ['too many connections (53300)', withFields('sorry, too many clients already', { code: '53300' })],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    [
      'every address of a host refusing',
      new AggregateError([
        withFields('connect ECONNREFUSED ::1:5432', { code: 'ECONNREFUSED', syscall: 'connect' }),
      ]),
    ],
    ['a full SQLite disk', withFields('database or disk is full', { code: 'SQLITE_FULL' })],
    [
      'a read-only SQLite database',
      withFields('attempt to write a readonly database', { code: 'SQLITE_READONLY' }),
    ],
    ['an SQLite write that failed on disk', withFields('disk I/O error', { code: 'SQLITE_IOERR_WRITE' })],
    [
      'an error caused by one of these',
      new Error('migration failed', { cause: new Error('Connection terminated') }),
    ],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withFields('duplicate key value', { code: '23505' })],
    ['a missing table', withFields('relation "x" does not exist', { code: '42P01' })],
    ['a webhook sender hanging up mid-body', withFields('aborted', { code: 'ECONNRESET' })],
    [
      'an SQLite constraint',
      withFields('UNIQUE constraint failed', { code: 'SQLITE_CONSTRAINT_PRIMARYKEY' }),
    ],
    ['a corrupt SQLite file', withFields('database disk image is malformed', { code: 'SQLITE_CORRUPT' })],
    ['a plain bug', new TypeError('undefined is not a function')],
    ['something that is not an error', 'Connection terminated'],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
