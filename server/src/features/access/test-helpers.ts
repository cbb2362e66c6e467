/** Keys and privacy through the API, as the browser and scripts use them. */
import type { FastifyInstance } from 'fastify';
import { bearer, type NewApiKey } from '../../../../shared/access.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { asUser, createSession } from '../../../test/factories.js';

/** Headers that send a key. */
export function asKey(key: string): Record<string, string> {
  return { authorization: bearer(key) };
}

/** Creates a key for the session (by its id) and returns the answer. */
export async function createKey(app: FastifyInstance, user: SessionUser, name = 'ci'): Promise<NewApiKey> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/keys',
    headers: asUser(user),
    payload: { name },
  });
  if (response.statusCode !== 201) throw new Error(`key failed: ${response.statusCode} ${response.body}`);
  return response.json<NewApiKey>();
}

/** Makes the session private with its key; returns nothing, throws unless the server agreed. */
export async function makePrivate(app: FastifyInstance, key: string): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/user/privacy',
    headers: asKey(key),
    payload: { private: true },
  });
  if (response.statusCode !== 200) throw new Error(`privacy failed: ${response.statusCode} ${response.body}`);
}

/** A new session, a key for it, and the session made private. */
export async function privateSession(
  app: FastifyInstance,
): Promise<{ user: SessionUser; key: string; keyId: string }> {
  const user = await createSession(app);
  const created = await createKey(app, user, 'owner');
  await makePrivate(app, created.key);
  return { user, key: created.key, keyId: created.id };
}
