/** API calls the relay tests repeat. */
import type { FastifyInstance } from 'fastify';
import type { Relay, RelayAttempt, RelayCreate } from '../../../../shared/relays.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { asUser } from '../../../test/factories.js';

export async function addRelay(app: FastifyInstance, user: SessionUser, body: RelayCreate): Promise<Relay> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/relays',
    headers: asUser(user),
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`relay failed: ${response.statusCode} ${response.body}`);
  return response.json<Relay>();
}

export async function listRelays(app: FastifyInstance, user: SessionUser): Promise<Relay[]> {
  const response = await app.inject({ method: 'GET', url: '/api/relays', headers: asUser(user) });
  return response.json<Relay[]>();
}

export async function attemptsOf(
  app: FastifyInstance,
  user: SessionUser,
  eventId: number,
): Promise<RelayAttempt[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/relays/attempts/${eventId}`,
    headers: asUser(user),
  });
  return response.json<RelayAttempt[]>();
}

/** Captures one request; answers the stored event's id. */
export async function capture(
  app: FastifyInstance,
  user: SessionUser,
  request: { method?: string; path?: string; headers?: Record<string, string>; body?: string },
): Promise<number> {
  const response = await app.inject({
    method: (request.method ?? 'POST') as 'POST',
    url: `/webhook/${user.sessionId}${request.path ?? ''}`,
    headers: request.headers ?? { 'content-type': 'application/json' },
    payload: request.body,
  });
  if (response.statusCode !== 200) throw new Error(`capture failed: ${response.statusCode} ${response.body}`);
  return response.json<{ id: number }>().id;
}
