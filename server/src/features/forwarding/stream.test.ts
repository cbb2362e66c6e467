import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { waitFor } from '../../../test/processes.js';
import { listen } from '../../../test/socket.js';
import { openStream, type StreamClient } from './test-helpers.js';

const KEEP_ALIVE_MS = 100;

describe.each(storageBackends)('event stream ($name)', ({ postgres }) => {
  let app: FastifyInstance;
  let origin: string;
  const streams: StreamClient[] = [];

  beforeAll(async () => {
    app = await buildTestApp({ postgres, streamKeepAliveMs: KEEP_ALIVE_MS });
    origin = await listen(app);
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => {
    await app.close();
  });

  async function open(request: Parameters<typeof openStream>[1]) {
    const stream = await openStream(origin, request);
    streams.push(stream);
    return stream;
  }

  async function capture(user: SessionUser, path: string, body = `{"path":"${path}"}`): Promise<number> {
    const response = await fetch(`${origin}/webhook/${user.sessionId}${path}`, { method: 'POST', body });
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: number }).id;
  }

  async function listed(user: SessionUser): Promise<WebhookEvent[]> {
    const response = await app.inject({ method: 'GET', url: '/api/events', headers: asUser(user) });
    return response.json<WebhookEvent[]>();
  }

  it('answers 401 JSON without a session or with an unknown one', async () => {
    const missing = await open({});
    expect(missing.status).toBe(401);
    const unknown = await open({ sessionId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(401);
    await waitFor('the error body', () => unknown.text.length > 0);
    expect(JSON.parse(unknown.text)).toEqual({
      error: 'A valid session is required. Reload the page to start one.',
    });
  });

  it('answers 400 JSON to a Last-Event-ID that is no event id', async () => {
    const user = await createSession(app);
    const stream = await open({ sessionId: user.sessionId, lastEventId: 'abc' });
    expect(stream.status).toBe(400);
    await waitFor('the error body', () => stream.text.length > 0);
    expect(JSON.parse(stream.text)).toEqual({ error: 'after: Last-Event-ID / after must be an event id.' });
  });

  it('sends live events as they are captured, each once, as GET /api/events gives them', async () => {
    const user = await createSession(app);
    await capture(user, '/before');
    const stream = await open({ sessionId: user.sessionId, asHeader: true });
    expect(stream.status).toBe(200);
    expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
    const first = await capture(user, '/one?a=1');
    const second = await capture(user, '/two');
    const events = await stream.untilEvents(2);
    expect(events.map((event) => event.id)).toEqual([first, second]);
    expect(stream.messages.slice(0, 2).map((message) => message.id)).toEqual([String(first), String(second)]);
    const [listedSecond, listedFirst] = await listed(user);
    expect(events).toEqual([listedFirst, listedSecond]);
    await capture(user, '/three');
    await stream.untilEvents(3);
    expect(stream.events().map((event) => event.path)).toEqual(['/one', '/two', '/three']);
  });

  it('with Last-Event-ID first sends every newer event oldest first, then live ones, each once', async () => {
    const user = await createSession(app);
    const ids: number[] = [];
    for (const path of ['/a', '/b', '/c', '/d']) ids.push(await capture(user, path));
    const stream = await open({ sessionId: user.sessionId, lastEventId: String(ids[0]) });
    await stream.untilEvents(3);
    const live = await capture(user, '/e');
    await stream.untilEvents(4);
    // A few keep-alive rounds re-read the session; nothing may come twice.
    await waitFor('two keep-alives', () => stream.comments.length >= 2);
    expect(stream.events().map((event) => event.id)).toEqual([ids[1], ids[2], ids[3], live]);
  });

  it('with an empty Last-Event-ID sends only events captured after it opened', async () => {
    const user = await createSession(app);
    await capture(user, '/old');
    const stream = await open({ sessionId: user.sessionId, lastEventId: '' });
    const fresh = await capture(user, '/new');
    await stream.untilEvents(1);
    await waitFor('a keep-alive', () => stream.comments.length >= 1);
    expect(stream.events().map((event) => event.id)).toEqual([fresh]);
  });

  it('takes the starting point from ?after= too, and leaves out deleted events', async () => {
    const user = await createSession(app);
    const ids: number[] = [];
    for (const path of ['/a', '/b', '/c']) ids.push(await capture(user, path));
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/events/${ids[1]}`,
      headers: asUser(user),
    });
    expect(deleted.statusCode).toBe(200);
    const stream = await open({ sessionId: user.sessionId, query: { after: '0' } });
    await stream.untilEvents(2);
    await waitFor('a keep-alive', () => stream.comments.length >= 1);
    expect(stream.events().map((event) => event.id)).toEqual([ids[0], ids[2]]);
  });

  it('catches up on more events than one read returns, in order', async () => {
    const user = await createSession(app);
    const ids: number[] = [];
    for (let index = 0; index < 130; index++) ids.push(await capture(user, `/n${index}`));
    const stream = await open({ sessionId: user.sessionId, lastEventId: '0' });
    await stream.untilEvents(130);
    expect(stream.events().map((event) => event.id)).toEqual(ids);
  });

  it('sends a keep-alive comment on the interval', async () => {
    const user = await createSession(app);
    const stream = await open({ sessionId: user.sessionId });
    await waitFor('keep-alive comments', () => stream.comments.length >= 2);
    expect(stream.comments[0]).toBe('keep-alive');
    expect(stream.text).toMatch(/^: keep-alive\n\n/);
  });

  it("never sends another session's events", async () => {
    const user = await createSession(app);
    const other = await createSession(app);
    await capture(other, '/theirs-before');
    const stream = await open({ sessionId: user.sessionId, lastEventId: '0' });
    await capture(other, '/theirs');
    const mine = await capture(user, '/mine');
    await stream.untilEvents(1);
    await waitFor('two keep-alives', () => stream.comments.length >= 2);
    expect(stream.events().map((event) => event.id)).toEqual([mine]);
  });
});
