/** A real HTTP target on 127.0.0.1 for click webhook tests, and the API calls they repeat. */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type {
  LinkWebhook,
  LinkWebhookCreate,
  LinkWebhookDelivery,
} from '../../../../shared/link-webhooks.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { asUser } from '../../../test/factories.js';

export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Names and values in turn, as sent. */
  rawHeaders: string[];
  body: string;
}

export interface Target {
  url: string;
  received: Received[];
  /** Status codes to answer, in order; 200 once they run out. */
  answers: number[];
  /** Resolves once `count` requests have arrived in all. */
  waitFor(count: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startTarget(): Promise<Target> {
  const received: Received[] = [];
  const answers: number[] = [];
  let waiters: (() => void)[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
        rawHeaders: request.rawHeaders,
      });
      response.writeHead(answers.shift() ?? 200).end('ok');
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP, so an AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answers,
    async waitFor(count) {
      while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return received;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The Standard Webhooks signature, computed here independently of the server's code. */
export function expectedSignature(secret: string, received: Received): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${String(received.headers['webhook-id'])}.${String(received.headers['webhook-timestamp'])}.${received.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
}

export async function addEndpoint(
  app: FastifyInstance,
  user: SessionUser,
  body: LinkWebhookCreate,
): Promise<LinkWebhook> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/link-webhooks',
    headers: asUser(user),
    payload: body,
  });
  if (response.statusCode !== 201)
    throw new Error(`endpoint failed: ${response.statusCode} ${response.body}`);
  return response.json<LinkWebhook>();
}

export async function listEndpoints(app: FastifyInstance, user: SessionUser): Promise<LinkWebhook[]> {
  const response = await app.inject({ method: 'GET', url: '/api/link-webhooks', headers: asUser(user) });
  return response.json<LinkWebhook[]>();
}

export async function listDeliveries(
  app: FastifyInstance,
  user: SessionUser,
  id: string,
): Promise<LinkWebhookDelivery[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/link-webhooks/${id}/deliveries`,
    headers: asUser(user),
  });
  return response.json<LinkWebhookDelivery[]>();
}

/** Polls `read` until `isDone` holds for its value; the worker runs on its own timer. */
export async function eventually<T>(read: () => Promise<T>, isDone: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
