import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import { TOO_MANY_SUGGESTIONS_MESSAGE, type Suggestion } from '../../../../shared/suggestions.js';
import { storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { openAdminTestStore, type AdminTestStore } from '../admin/test-helpers.js';

const valid = {
  title: 'Dark mode',
  description: 'Please add a dark theme.',
  category: 'feature_request',
  email: '',
};

let ipCounter = 0;
/** A fresh documentation-range address per call, so tests never share an hourly budget. */
function freshIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

describe.each(storageBackends)('suggestions on $name', ({ postgres }) => {
  let store: AdminTestStore;
  let app: FastifyInstance;

  beforeAll(async () => {
    store = await openAdminTestStore(postgres);
    app = store.app;
  });

  afterAll(async () => {
    await store.close();
  });

  function send(user: SessionUser | null, payload: object, remoteAddress = freshIp()) {
    const headers = user ? asUser(user) : {};
    return app.inject({
      method: 'POST',
      url: '/api/suggestions',
      headers,
      payload,
      remoteAddress,
    });
  }

  async function ownList(user: SessionUser): Promise<Suggestion[]> {
    const response = await app.inject({ method: 'GET', url: '/api/user/suggestions', headers: asUser(user) });
    expect(response.statusCode).toBe(200);
    return response.json<Suggestion[]>();
  }

  it('stores a new suggestion as pending and answers it', async () => {
    const user = await createSession(app);
    const response = await send(user, { ...valid, email: 'dev@example.com' });
    expect(response.statusCode).toBe(201);
    const created = response.json<Suggestion>();
    expect(created).toMatchObject({
      title: 'Dark mode',
      description: 'Please add a dark theme.',
      category: 'feature_request',
      email: 'dev@example.com',
      status: 'pending',
      adminNotes: null,
      user: { sessionId: user.sessionId },
    });
    expect(typeof created.id).toBe('number');
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
    expect(created.updatedAt).toBe(created.createdAt);
  });

  it('defaults the category to general and treats an empty email as none', async () => {
    const user = await createSession(app);
    const response = await send(user, { title: 'Hi', description: 'There', email: '' });
    expect(response.json<Suggestion>()).toMatchObject({ category: 'general', email: null });
  });

  it('never answers the sender address', async () => {
    const user = await createSession(app);
    const response = await send(user, valid);
    expect(response.body).not.toContain('"ip"');
  });

  it.each([
    ['a missing title', { description: 'x' }, 'title: A title is required.'],
    ['a blank title', { title: '   ', description: 'x' }, 'title: A title is required.'],
    ['a title over 200 characters', { title: 'x'.repeat(201), description: 'x' }, 'at most 200 characters'],
    ['a missing description', { title: 'x' }, 'description: A description is required.'],
    ['a description over 5,000 characters', { title: 'x', description: 'x'.repeat(5001) }, 'at most 5,000'],
    ['an unknown category', { ...valid, category: 'wish' }, 'Category must be one of'],
    ['an invalid email', { ...valid, email: 'someone@' }, 'valid email address'],
  ])('refuses %s with 400 and a readable message', async (_case, payload, message) => {
    const user = await createSession(app);
    const response = await send(user, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toContain(message);
    expect(await ownList(user)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await send(null, valid)).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/user/suggestions' })).statusCode).toBe(401);
  });

  it('lists only the user’s own suggestions, newest first', async () => {
    const [alice, bob] = [await createSession(app), await createSession(app)];
    await send(alice, { ...valid, title: 'first' });
    await send(bob, { ...valid, title: 'not mine' });
    await send(alice, { ...valid, title: 'second' });
    const titles = (await ownList(alice)).map((suggestion) => suggestion.title);
    expect(titles).toEqual(['second', 'first']);
    expect((await ownList(alice)).every((suggestion) => suggestion.user.sessionId === alice.sessionId)).toBe(
      true,
    );
  });

  it('refuses the 11th suggestion of a session within an hour, from any address', async () => {
    const user = await createSession(app);
    for (let index = 0; index < 10; index += 1) {
      expect((await send(user, { ...valid, title: `idea ${index}` })).statusCode).toBe(201);
    }
    const refused = await send(user, valid);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: TOO_MANY_SUGGESTIONS_MESSAGE });
    expect(await ownList(user)).toHaveLength(10);
  });

  it('refuses the 11th suggestion from one address within an hour, whatever the session', async () => {
    const ip = freshIp();
    for (let index = 0; index < 10; index += 1) {
      expect((await send(await createSession(app), valid, ip)).statusCode).toBe(201);
    }
    const newcomer = await createSession(app);
    const refused = await send(newcomer, valid, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: string }>().error).toBe(TOO_MANY_SUGGESTIONS_MESSAGE);
    // The same session from another address is still welcome: the limit is per address here.
    expect((await send(newcomer, valid, freshIp())).statusCode).toBe(201);
  });

  it('counts what other instances stored, and only within the last hour', async () => {
    const user = await createSession(app);
    const second = await store.buildApp();
    for (let index = 0; index < 10; index += 1) {
      const target = index % 2 === 0 ? app : second;
      const response = await target.inject({
        method: 'POST',
        url: '/api/suggestions',
        headers: asUser(user),
        payload: valid,
        remoteAddress: freshIp(),
      });
      expect(response.statusCode).toBe(201);
    }
    expect((await send(user, valid)).statusCode).toBe(429);

    // An hour later the same session may send again: the limit is per hour, not a lifetime cap.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 60 * 60 * 1000 + 1);
      const later = await send(user, { ...valid, title: 'later' });
      expect(later.statusCode).toBe(201);
      expect(later.json<Suggestion>()).toMatchObject({ title: 'later', status: 'pending' });
    } finally {
      vi.useRealTimers();
    }
  });
});
