import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { waitFor } from '../../../test/processes.js';
import { connectSocket, listen } from '../../../test/socket.js';
import { sqliteHandleOf } from '../../db/connection.js';
import { openStream } from '../forwarding/test-helpers.js';
import { createLink, visit } from '../short-links/test-helpers.js';

const TOKEN = 'metrics-token-for-the-tests-0123';
const AUTHORIZED = { authorization: `Bearer ${TOKEN}` };
const CAPTURE_MAX_BYTES = 1024;

/** Every sample of the text format: `name{labels}` → value. */
function samplesOf(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

async function scrape(app: FastifyInstance): Promise<Map<string, number>> {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers: AUTHORIZED });
  expect(response.statusCode).toBe(200);
  return samplesOf(response.body);
}

/** Runs `action` between two scrapes; answers how each series of `metric` moved (only those that did). */
async function movement(
  app: FastifyInstance,
  action: () => Promise<unknown>,
): Promise<(metric: string) => Record<string, number>> {
  const before = await scrape(app);
  await action();
  const after = await scrape(app);
  return (metric) => {
    const moved: Record<string, number> = {};
    for (const [series, value] of after) {
      const isOfMetric = series === metric || series.startsWith(`${metric}{`);
      const delta = value - (before.get(series) ?? 0);
      if (isOfMetric && delta !== 0) moved[series] = delta;
    }
    return moved;
  };
}

describe('GET /metrics', () => {
  describe('without METRICS_TOKEN', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp();
    });
    afterAll(async () => {
      await app.close();
    });

    it('answers 404 JSON as an unknown API route does, token or not', async () => {
      const unknown = await app.inject({ method: 'GET', url: '/api/no-such-route' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: 'No route for GET /api/no-such-route.' });
      for (const headers of [{}, AUTHORIZED]) {
        const response = await app.inject({ method: 'GET', url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toEqual({ error: 'No route for GET /metrics.' });
        expect(response.body).not.toContain('hookbay_');
      }
    });
  });

  describe('with METRICS_TOKEN', () => {
    let app: FastifyInstance;
    let origin: string;
    let user: SessionUser;
    let sqlite: SQLite.Database;

    beforeAll(async () => {
      app = await buildTestApp({
        metricsToken: TOKEN,
        captureMaxBytes: CAPTURE_MAX_BYTES,
        forwardResponseTimeoutMs: 300,
      });
      origin = await listen(app);
      user = await createSession(app);
      const handle = sqliteHandleOf(app.database.db);
      if (!handle) throw new Error('the test app is not on SQLite');
      sqlite = handle;
    });
    afterAll(async () => {
      sqlite.pragma('query_only = OFF');
      await app.close();
    });

    const capture = (sessionId: string, payload: string = 'hello', path = '/x') =>
      app.inject({ method: 'POST', url: `/webhook/${sessionId}${path}`, payload });

    it.each([
      ['no Authorization header', {}],
      ['a wrong token', { authorization: 'Bearer not-the-metrics-token-at-all' }],
      ['the token with more after it', { authorization: `Bearer ${TOKEN}x` }],
      ['the start of the token', { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
      ['another scheme', { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` }],
      ['the token without a scheme', { authorization: TOKEN }],
    ])('answers 401 JSON to %s', async (_name, headers) => {
      const response = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ error: expect.any(String) });
      expect(response.body).not.toContain('hookbay_');
    });

    it('answers the Prometheus text format with the right token, Hookbay’s metrics and the process’s', async () => {
      const response = await app.inject({ method: 'GET', url: '/metrics', headers: AUTHORIZED });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(response.body).toMatch(
        /^# HELP hookbay_captures_total .+\n# TYPE hookbay_captures_total counter$/m,
      );
      const names = [...samplesOf(response.body).keys()];
      for (const name of [
        'hookbay_captures_total{outcome="default"}',
        'hookbay_redirects_total{outcome="redirected"}',
        'hookbay_clicks_total{outcome="recorded"}',
        'hookbay_realtime_events_total{event="webhook-request"}',
        'hookbay_open_sockets',
        'hookbay_open_event_streams',
        'hookbay_open_waits',
        'hookbay_stored_bytes',
        'hookbay_db_write_seconds_count{writer="captures"}',
        'hookbay_db_write_batch_size_count{writer="clicks"}',
        'hookbay_nodejs_eventloop_lag_p99_seconds',
        'hookbay_process_resident_memory_bytes',
      ]) {
        expect(names).toContain(name);
      }
      for (const name of names) expect(name).toMatch(/^hookbay_/);
    });

    it('a stored capture counts once as default, with one realtime event, one grouped write and its bytes', async () => {
      const body = 'x'.repeat(300);
      const moved = await movement(app, async () =>
        expect((await capture(user.sessionId, body)).statusCode).toBe(200),
      );
      expect(moved('hookbay_captures_total')).toEqual({ 'hookbay_captures_total{outcome="default"}': 1 });
      expect(moved('hookbay_realtime_events_total')).toEqual({
        'hookbay_realtime_events_total{event="webhook-request"}': 1,
      });
      expect(moved('hookbay_db_write_batch_size_count')).toEqual({
        'hookbay_db_write_batch_size_count{writer="captures"}': 1,
      });
      expect(moved('hookbay_db_write_batch_size_sum')).toEqual({
        'hookbay_db_write_batch_size_sum{writer="captures"}': 1,
      });
      expect(moved('hookbay_db_write_seconds_count')).toEqual({
        'hookbay_db_write_seconds_count{writer="captures"}': 1,
      });
      // The body and the header text.
      const stored = moved('hookbay_stored_bytes')['hookbay_stored_bytes'] ?? 0;
      expect(stored).toBeGreaterThan(body.length);
      expect(stored).toBeLessThan(body.length + 1024);
    });

    it('refused and failed captures count by outcome: too large, unknown session, suspended, error', async () => {
      const suspended = await createSession(app);
      await capture(suspended.sessionId);
      await app.services.sessionsAdmin.setSuspended(suspended.sessionId, true);
      const moved = await movement(app, async () => {
        expect((await capture(user.sessionId, 'y'.repeat(CAPTURE_MAX_BYTES + 1))).statusCode).toBe(413);
        expect((await capture(randomUUID())).statusCode).toBe(404);
        expect((await capture('not-a-session')).statusCode).toBe(404);
        expect((await capture(suspended.sessionId)).statusCode).toBe(410);
        sqlite.pragma('query_only = ON');
        try {
          expect((await capture(user.sessionId)).statusCode).toBe(503);
        } finally {
          sqlite.pragma('query_only = OFF');
        }
      });
      expect(moved('hookbay_captures_total')).toEqual({
        'hookbay_captures_total{outcome="too_large"}': 1,
        'hookbay_captures_total{outcome="unknown_session"}': 2,
        'hookbay_captures_total{outcome="suspended"}': 1,
        'hookbay_captures_total{outcome="error"}': 1,
      });
    });

    it('a capture a scripted rule answers counts as rule', async () => {
      const scripted = await createSession(app);
      const rules = [{ method: '*', path: '/scripted', responses: [{ status: 201, body: 'made' }] }];
      const saved = await app.inject({
        method: 'PUT',
        url: '/api/responses',
        headers: asUser(scripted),
        payload: { rules },
      });
      expect(saved.statusCode).toBe(200);
      const moved = await movement(app, async () => {
        expect((await capture(scripted.sessionId, 'a', '/scripted')).statusCode).toBe(201);
        expect((await capture(scripted.sessionId, 'b', '/other')).statusCode).toBe(200);
      });
      expect(moved('hookbay_captures_total')).toEqual({
        'hookbay_captures_total{outcome="rule"}': 1,
        'hookbay_captures_total{outcome="default"}': 1,
      });
    });

    it('a capture held for a --respond forwarder counts as forwarder; its stream is open meanwhile', async () => {
      const forwarded = await createSession(app);
      const stream = await openStream(origin, { sessionId: forwarded.sessionId, query: { respond: '1' } });
      try {
        expect(stream.status).toBe(200);
        expect((await scrape(app)).get('hookbay_open_event_streams')).toBe(1);
        const moved = await movement(app, async () => {
          // Nobody answers: the sender gets 504 once FORWARD_RESPONSE_TIMEOUT_MS is over.
          expect((await capture(forwarded.sessionId)).statusCode).toBe(504);
        });
        expect(moved('hookbay_captures_total')).toEqual({ 'hookbay_captures_total{outcome="forwarder"}': 1 });
      } finally {
        stream.close();
      }
      await waitFor(
        'the stream to close',
        async () => (await scrape(app)).get('hookbay_open_event_streams') === 0,
      );
    });

    it('a wait in progress counts as a wait, not as an event stream', async () => {
      const waiting = await createSession(app);
      const answer = app.inject({
        method: 'GET',
        url: '/api/events/wait?timeout=30',
        headers: asUser(waiting),
      });
      await waitFor('the wait to open', async () => (await scrape(app)).get('hookbay_open_waits') === 1);
      expect((await scrape(app)).get('hookbay_open_event_streams')).toBe(0);
      await capture(waiting.sessionId);
      expect((await answer).statusCode).toBe(200);
      expect((await scrape(app)).get('hookbay_open_waits')).toBe(0);
    });

    it('redirects, and the pages that stand in for them, count by outcome; clicks count when recorded', async () => {
      const plain = await createLink(app, user, 'https://example.com/plain');
      const protectedLink = await createLink(app, user, 'https://example.com/locked', {
        password: 'open sesame',
      });
      const limited = await createLink(app, user, 'https://example.com/once', { maxClicks: 1 });
      const expired = await createLink(app, user, 'https://example.com/expired', {
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      });
      const ended = await app.inject({
        method: 'PUT',
        url: `/api/urls/${expired.id}`,
        headers: asUser(user),
        payload: { url: expired.url, expiresAt: '2025-03-01T09:30:00Z' },
      });
      expect(ended.statusCode).toBe(200);
      const disabled = await createLink(app, user, 'https://example.com/disabled');
      await app.services.links.setDisabled(disabled.id, true, origin);

      const moved = await movement(app, async () => {
        expect((await visit(app, plain.id)).statusCode).toBe(302);
        expect((await visit(app, 'nosuchlink')).statusCode).toBe(404);
        expect((await visit(app, protectedLink.id)).statusCode).toBe(200);
        const wrong = await app.inject({
          method: 'POST',
          url: `/s/${protectedLink.id}`,
          payload: { password: 'wrong' },
        });
        expect(wrong.statusCode).toBe(401);
        expect((await visit(app, limited.id)).statusCode).toBe(302);
        expect((await visit(app, limited.id)).statusCode).toBe(410);
        expect((await visit(app, expired.id)).statusCode).toBe(410);
        expect((await visit(app, disabled.id)).statusCode).toBe(410);
      });
      expect(moved('hookbay_redirects_total')).toEqual({
        'hookbay_redirects_total{outcome="redirected"}': 2,
        'hookbay_redirects_total{outcome="not_found"}': 1,
        'hookbay_redirects_total{outcome="password"}': 2,
        'hookbay_redirects_total{outcome="limit_reached"}': 1,
        'hookbay_redirects_total{outcome="expired"}': 1,
        'hookbay_redirects_total{outcome="disabled"}': 1,
      });
      expect(moved('hookbay_clicks_total')).toEqual({ 'hookbay_clicks_total{outcome="recorded"}': 2 });
      expect(moved('hookbay_realtime_events_total')).toEqual({
        'hookbay_realtime_events_total{event="url-click"}': 2,
      });
      expect(moved('hookbay_db_write_batch_size_count')).toEqual({
        'hookbay_db_write_batch_size_count{writer="clicks"}': 2,
      });
    });

    it('the open sockets gauge follows a Socket.IO client connecting and leaving', async () => {
      const openSockets = async () => (await scrape(app)).get('hookbay_open_sockets');
      expect(await openSockets()).toBe(0);
      const socket = await connectSocket(origin, user.sessionId);
      try {
        await waitFor('the socket to count', async () => (await openSockets()) === 1);
        const second = await connectSocket(origin, user.sessionId);
        await waitFor('both sockets to count', async () => (await openSockets()) === 2);
        second.close();
        await waitFor('the second socket to leave', async () => (await openSockets()) === 1);
      } finally {
        socket.close();
      }
      await waitFor('every socket to leave', async () => (await openSockets()) === 0);
    });
  });

  describe('limit refusals', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp({ metricsToken: TOKEN, sessionsPerMinute: 1 });
    });
    afterAll(async () => {
      await app.close();
    });

    it('count once per refused request, by limit name', async () => {
      const series = 'hookbay_limit_refusals_total{limit="new-sessions"}';
      expect((await scrape(app)).get(series)).toBe(0);
      const moved = await movement(app, async () => {
        expect((await app.inject({ method: 'POST', url: '/api/user', payload: {} })).statusCode).toBe(200);
        expect((await app.inject({ method: 'POST', url: '/api/user', payload: {} })).statusCode).toBe(429);
      });
      expect(moved('hookbay_limit_refusals_total')).toEqual({ [series]: 1 });
    });
  });
});
