/**
 * Faults seen from the sender's side, over raw sockets against a listening server: a reset, a
 * connection closed mid-body, and a capture that is never answered. The event is stored first
 * every time and records status 0.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResponseRuleInput } from '../../../../shared/responses.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { buildTestApp } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { waitFor } from '../../../test/processes.js';
import { rawUntilClosed } from '../../../test/raw-http.js';
import { listen } from '../../../test/socket.js';
import { listEvents } from '../webhooks/test-captures.js';

function post(sessionId: string, path = '/'): string {
  const body = '{"event":"ping"}';
  return (
    `POST /webhook/${sessionId}${path} HTTP/1.1\r\nHost: hookbay.test\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${body.length}\r\n\r\n${body}`
  );
}

async function saveRules(app: FastifyInstance, user: SessionUser, rules: ResponseRuleInput[]) {
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/responses',
    headers: asUser(user),
    payload: { rules },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function untilStored(app: FastifyInstance, user: SessionUser, count: number): Promise<WebhookEvent[]> {
  return waitFor(`${count} stored events`, async () => {
    const events = await listEvents(app, user);
    return events.length >= count ? events : undefined;
  });
}

describe('faults', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await buildTestApp();
    port = Number(new URL(await listen(app)).port);
  });
  afterAll(async () => {
    await app.close();
  });

  it('reset: the connection is reset before any byte, and the event records status 0', async () => {
    const user = await createSession(app);
    await saveRules(app, user, [{ responses: [{ fault: 'reset' }] }]);
    const outcome = await rawUntilClosed(port, post(user.sessionId, '/hook'));
    expect(outcome).toEqual({ received: '', error: 'ECONNRESET' });
    const [event] = await untilStored(app, user, 1);
    expect(event).toMatchObject({ path: '/hook', body: '{"event":"ping"}' });
    expect(event?.response).toEqual({ status: 0, source: 'rule', rule: 1 });
  });

  it('close: the head arrives, then a body shorter than announced, then the end', async () => {
    const user = await createSession(app);
    await saveRules(app, user, [{ responses: [{ fault: 'close' }] }]);
    const { received } = await rawUntilClosed(port, post(user.sessionId));
    const headEnd = received.indexOf('\r\n\r\n');
    expect(headEnd).toBeGreaterThan(0);
    const head = received.slice(0, headEnd);
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    const announced = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
    const body = received.slice(headEnd + 4);
    expect(body.length).toBeGreaterThan(0);
    expect(body.length).toBeLessThan(announced);
    const [event] = await untilStored(app, user, 1);
    expect(event?.response).toEqual({ status: 0, source: 'rule', rule: 1 });
  });

  it('timeout: nothing is sent while the sender waits; the sender ends it', async () => {
    const user = await createSession(app);
    await saveRules(app, user, [{ path: '/held', responses: [{ fault: 'timeout' }] }]);
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let isClosed = false;
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('close', () => (isClosed = true));
    socket.on('error', () => undefined);
    socket.write(post(user.sessionId, '/held'));
    const [event] = await untilStored(app, user, 1);
    expect(event?.response).toEqual({ status: 0, source: 'rule', rule: 1 });
    // The server goes on answering others meanwhile.
    const other = await fetch(`http://127.0.0.1:${port}/webhook/${user.sessionId}/other`, { method: 'POST' });
    expect(other.status).toBe(200);
    expect(Buffer.concat(received).length).toBe(0);
    expect(isClosed).toBe(false);
    socket.destroy();
    await waitFor('the socket to close', () => isClosed);
  });

  it('a fault takes its place in a sequence like any answer', async () => {
    const user = await createSession(app);
    await saveRules(app, user, [{ responses: [{ fault: 'reset' }, { status: 202, body: 'second' }] }]);
    expect((await rawUntilClosed(port, post(user.sessionId))).error).toBe('ECONNRESET');
    const second = await fetch(`http://127.0.0.1:${port}/webhook/${user.sessionId}`, {
      method: 'POST',
      body: '{}',
    });
    expect([second.status, await second.text()]).toEqual([202, 'second']);
    const events = await listEvents(app, user);
    expect(events.map((event) => event.response.status)).toEqual([202, 0]);
  });
});

describe('a held connection', () => {
  it('does not keep the server from shutting down', async () => {
    const app = await buildTestApp();
    const port = Number(new URL(await listen(app)).port);
    const user = await createSession(app);
    await saveRules(app, user, [{ responses: [{ fault: 'timeout' }] }]);
    const outcome = rawUntilClosed(port, post(user.sessionId));
    await untilStored(app, user, 1);
    await app.close();
    expect((await outcome).received).toBe('');
  });
});
