/** Test helpers for the capture, search and export suites: capture requests and read the API's answers. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { asUser } from '../../../test/factories.js';

export interface CaptureOptions {
  method?: string;
  /** Below the webhook URL, with the query string if any: "/orders?x=1". */
  path?: string;
  headers?: Record<string, string | string[]>;
  payload?: InjectOptions['payload'];
}

/** Captures a request that must be accepted; returns its id. */
export async function captureOk(app: FastifyInstance, user: SessionUser, options: CaptureOptions = {}) {
  const response = await app.inject({
    method: (options.method ?? 'POST') as InjectOptions['method'],
    url: `/webhook/${user.sessionId}${options.path ?? ''}`,
    headers: options.headers,
    payload: options.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

export function getAs(app: FastifyInstance, user: SessionUser | null, url: string) {
  return app.inject({ method: 'GET', url, headers: user ? asUser(user) : {} });
}

/** The events `GET /api/events{query}` lists; fails the test on anything but 200. */
export async function listEvents(
  app: FastifyInstance,
  user: SessionUser,
  query = '',
): Promise<WebhookEvent[]> {
  const response = await getAs(app, user, `/api/events${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WebhookEvent[]>();
}

/** The ids `GET /api/events{query}` lists. */
export async function listedIds(app: FastifyInstance, user: SessionUser, query: string): Promise<number[]> {
  return (await listEvents(app, user, query)).map((event) => event.id);
}

export function expectJsonError(response: LightMyRequestResponse, status: number, text: RegExp): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json<{ error: string }>().error).toMatch(text);
}
