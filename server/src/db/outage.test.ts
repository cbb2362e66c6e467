/**
 * A PostgreSQL outage without touching the shared server: the app reaches PostgreSQL through a
 * TCP relay that the test cuts (every connection reset, new ones refused) and restores.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../shared/sessions.js';
import { buildApp } from '../app.js';
import { TEST_DATABASE_URL, freshPostgresUrl, testConfig } from '../../test/app.js';
import { asUser, createSession } from '../../test/factories.js';
import { freePort } from '../../test/processes.js';
import { createLink } from '../features/short-links/test-helpers.js';
import { DOWN, UP, timesLogged, type LogSpy } from './outage-test-helpers.js';
import { DATABASE_UNAVAILABLE_MESSAGE } from './unavailable.js';

interface Relay {
  cut(): Promise<void>;
}

/** Listens on `port` and pipes every connection to `target`. */
function startRelay(port: number, target: { host: string; port: number }): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        cut: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            for (const socket of sockets) socket.resetAndDestroy();
          }),
      }),
    );
  });
}

describe.runIf(TEST_DATABASE_URL)('a PostgreSQL outage', () => {
  let app: FastifyInstance;
  let relayPort: number;
  let relay: Relay;
  let target: { host: string; port: number };
  let user: SessionUser;
  let linkId: string;
  let warn: LogSpy;
  let info: LogSpy;

  beforeAll(async () => {
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
    const direct = new URL(await freshPostgresUrl(TEST_DATABASE_URL));
    target = { host: direct.hostname, port: Number(direct.port || 5432) };
    relayPort = await freePort();
    relay = await startRelay(relayPort, target);
    const viaRelay = new URL(direct);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relayPort);
    app = await buildApp(testConfig({ databaseUrl: viaRelay.toString() }));
    await app.ready();
    // The outage log writes through the app's logger; counted here, whatever the log level.
    warn = vi.spyOn(app.log, 'warn');
    info = vi.spyOn(app.log, 'info');

    user = await createSession(app);
    linkId = (await createLink(app, user, 'https://example.com/still-redirects')).id;
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers 503 JSON for what needs the database, serves what it can, logs once, and recovers by itself', async () => {
    const capture = () => app.inject({ method: 'POST', url: `/webhook/${user.sessionId}/x`, payload: 'hi' });
    expect((await capture()).statusCode).toBe(200);

    await relay.cut();
    for (let attempt = 0; attempt < 3; attempt++) {
      const captured = await capture();
      expect(captured.statusCode).toBe(503);
      expect(captured.json()).toEqual({ error: DATABASE_UNAVAILABLE_MESSAGE });
      const listed = await app.inject({ method: 'GET', url: '/api/events', headers: asUser(user) });
      expect(listed.statusCode).toBe(503);
      // The link is in this instance's cache: it still redirects; only its click is lost.
      const redirect = await app.inject({ method: 'GET', url: `/s/${linkId}` });
      expect(redirect.statusCode).toBe(302);
      expect(redirect.headers.location).toBe('https://example.com/still-redirects');
    }
    expect(timesLogged(warn, DOWN)).toBe(1);

    relay = await startRelay(relayPort, target);
    expect((await capture()).statusCode).toBe(200);
    const listed = await app.inject({ method: 'GET', url: '/api/events', headers: asUser(user) });
    expect(listed.statusCode).toBe(200);
    expect(timesLogged(warn, DOWN)).toBe(1);
    expect(timesLogged(info, UP)).toBe(1);
  });
});
