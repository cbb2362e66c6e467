/**
 * `GET /api/events/wait` against a listening server: answers at once for events already there,
 * wakes for captures that arrive later, filters like the event list, answers 408 with what it
 * has when the time runs out, and lets go of everything when its client leaves.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { buildTestApp } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { waitFor } from '../../../test/processes.js';
import { listen } from '../../../test/socket.js';
import { listEvents } from '../webhooks/test-captures.js';
import { MADE_PRIVATE_MESSAGE } from './waits.routes.js';

interface WaitAnswer {
  status: number;
  body: { events: WebhookEvent[]; error?: string };
}

describe('waiting for requests', () => {
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    // No repair reads during a test: a wait must be woken by the capture itself.
    app = await buildTestApp({ streamKeepAliveMs: 600_000 });
    origin = await listen(app);
  });
  afterAll(async () => {
    await app.close();
  });

  async function capture(user: SessionUser, path = '/', init: RequestInit = {}): Promise<number> {
    const response = await fetch(`${origin}/webhook/${user.sessionId}${path}`, {
      method: 'POST',
      body: '{}',
      ...init,
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: number }).id;
  }

  async function wait(user: SessionUser | null, query: string, signal?: AbortSignal): Promise<WaitAnswer> {
    const response = await fetch(`${origin}/api/events/wait${query}`, {
      headers: user ? asUser(user) : {},
      signal,
    });
    return { status: response.status, body: (await response.json()) as WaitAnswer['body'] };
  }

  const open = () => app.services.waits.openCount();
  const untilWaiting = (waits: number) => waitFor(`${waits} open waits`, () => open().waits === waits);
  const ids = (answer: WaitAnswer) => answer.body.events.map((event) => event.id);

  it('needs the session', async () => {
    expect(await wait(null, '')).toEqual({ status: 401, body: { error: expect.any(String) } });
  });

  it.each([
    ['?count=0', 'count: must be a whole number from 1 to 1000'],
    ['?count=1001', 'count: must be a whole number from 1 to 1000'],
    ['?count=2.5', 'count: must be a whole number from 1 to 1000'],
    ['?timeout=301', 'timeout: must be a number of seconds from 0 to 300'],
    ['?timeout=soon', 'timeout: must be a number of seconds from 0 to 300'],
    ['?after=-1', 'after: must be an event id'],
    ['?method=GET%20POST', 'method: must be HTTP methods separated by commas, such as POST or GET,POST'],
    ['?from=yesterday', expect.stringMatching(/^from: must be an ISO 8601 time/)],
  ])('refuses %s with 400', async (query, error) => {
    const user = await createSession(app);
    expect(await wait(user, query)).toEqual({ status: 400, body: { error } });
  });

  it('answers at once with events already there, oldest first, as the event list gives them', async () => {
    const user = await createSession(app);
    const first = await capture(user, '/one');
    const second = await capture(user, '/two');
    await capture(user, '/three');
    const answer = await wait(user, '?count=2&timeout=30');
    expect(answer.status).toBe(200);
    expect(ids(answer)).toEqual([first, second]);
    const listed = await listEvents(app, user);
    expect(answer.body.events).toEqual([listed[2], listed[1]]);
    expect(open()).toEqual({ waits: 0, sessions: 0 });
  });

  it('a capture that arrives later wakes the wait', async () => {
    const user = await createSession(app);
    const waiting = wait(user, '?timeout=60');
    await untilWaiting(1);
    const id = await capture(user, '/later');
    const answer = await waiting;
    expect(answer.status).toBe(200);
    expect(answer.body.events.map((event) => [event.id, event.path])).toEqual([[id, '/later']]);
  });

  it('waits for all of count, taking what was there and what came, oldest first', async () => {
    const user = await createSession(app);
    const before = await capture(user, '/before');
    const waiting = wait(user, '?count=3&timeout=60');
    await untilWaiting(1);
    const second = await capture(user, '/second');
    expect(open().waits).toBe(1);
    const third = await capture(user, '/third');
    await capture(user, '/fourth');
    expect(ids(await waiting)).toEqual([before, second, third]);
  });

  it('counts only events matching q and method, and newer than after', async () => {
    const user = await createSession(app);
    const old = await capture(user, '/old?note=needle');
    const waiting = wait(user, `?q=NEEDLE&method=POST,PUT&after=${old}&count=2&timeout=60`);
    await untilWaiting(1);
    await capture(user, '/other', { body: 'haystack' });
    await capture(user, '/get?needle=1', { method: 'GET', body: undefined });
    const inBody = await capture(user, '/body', { body: '{"text":"a needle here"}' });
    const inHeader = await capture(user, '/header', { method: 'PUT', headers: { 'X-Needle': 'yes' } });
    const answer = await waiting;
    expect(answer.status).toBe(200);
    expect(ids(answer)).toEqual([inBody, inHeader]);
  });

  it('filters what is already there the same way', async () => {
    const user = await createSession(app);
    await capture(user, '/a', { body: 'plain' });
    const match = await capture(user, '/b', { body: 'with needle' });
    expect(ids(await wait(user, '?q=needle&timeout=0'))).toEqual([match]);
    expect(await wait(user, `?q=needle&after=${match}&timeout=0`)).toEqual({
      status: 408,
      body: { error: '0 of 1 matching requests arrived within 0 s.', events: [] },
    });
  });

  it('answers 408 with the matches so far when the time runs out', async () => {
    const user = await createSession(app);
    const first = await capture(user, '/first');
    const answer = await wait(user, '?count=3&timeout=1');
    expect(answer).toEqual({
      status: 408,
      body: {
        error: '1 of 3 matching requests arrived within 1 s.',
        events: [expect.objectContaining({ id: first })],
      },
    });
    expect(open()).toEqual({ waits: 0, sessions: 0 });
  });

  it('several waits of one session share one watch, and one capture can complete them all', async () => {
    const user = await createSession(app);
    const one = wait(user, '?timeout=60');
    const other = wait(user, '?timeout=60&method=POST');
    await untilWaiting(2);
    expect(open()).toEqual({ waits: 2, sessions: 1 });
    const id = await capture(user);
    expect(ids(await one)).toEqual([id]);
    expect(ids(await other)).toEqual([id]);
    expect(open()).toEqual({ waits: 0, sessions: 0 });
  });

  it('a client that goes away ends its wait, its timer and its watch', async () => {
    const user = await createSession(app);
    const leaving = new AbortController();
    const waiting = wait(user, '?timeout=300', leaving.signal).catch((error: unknown) => error);
    await untilWaiting(1);
    expect(open()).toEqual({ waits: 1, sessions: 1 });
    leaving.abort();
    expect(await waiting).toBeInstanceOf(Error);
    await waitFor('the wait to end', () => open().waits === 0 && open().sessions === 0);
    // Nothing is left to wake: a later capture is simply stored.
    await capture(user);
    expect(open()).toEqual({ waits: 0, sessions: 0 });
  });
});

describe('a wait opened with the session id when the session is made private', () => {
  it('is answered 401 saying so, with what it has', async () => {
    const app = await buildTestApp();
    const origin = await listen(app);
    const user = await createSession(app);
    const key = await app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: asUser(user),
      payload: { name: 'ci' },
    });
    expect(key.statusCode, key.body).toBe(201);
    const waiting = fetch(`${origin}/api/events/wait?timeout=300`, { headers: asUser(user) });
    await waitFor('the wait to be open', () => app.services.waits.openCount().waits === 1);
    const privacy = await app.inject({
      method: 'PUT',
      url: '/api/user/privacy',
      headers: asUser(user),
      payload: { private: true },
    });
    expect(privacy.statusCode, privacy.body).toBe(200);
    const response = await waiting;
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: MADE_PRIVATE_MESSAGE, events: [] });
    await app.close();
  });
});

describe('a wait held while the server shuts down', () => {
  it('is answered 503 with what it has, and does not hold the shutdown up', async () => {
    const app = await buildTestApp();
    const origin = await listen(app);
    const user = await createSession(app);
    const waiting = fetch(`${origin}/api/events/wait?timeout=300`, { headers: asUser(user) });
    await waitFor('the wait to be open', () => app.services.waits.openCount().waits === 1);
    await app.close();
    const response = await waiting;
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'The server is shutting down; ask again.', events: [] });
  });
});
