import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { asUser, createSession } from '../../test/factories.js';
import { createLink } from '../features/short-links/test-helpers.js';
import { parsePublicOrigin } from '../config.js';

function fakeWebDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-web-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Hookbay</title><div id="root"></div>',
  );
  return dir;
}

const EXPECTED_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self' ws://hookbay.example wss://hookbay.example",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

describe('security headers', () => {
  let app: FastifyInstance;
  let pointedElsewhere: FastifyInstance;

  beforeAll(async () => {
    const webDir = fakeWebDir();
    app = await buildTestApp({ webDir });
    pointedElsewhere = await buildTestApp({ webDir, apiOrigin: 'https://api.hookbay.example' });
  });
  afterAll(async () => {
    await Promise.all([app.close(), pointedElsewhere.close()]);
  });

  const page = (target: FastifyInstance, url: string, host = 'hookbay.example') =>
    target.inject({ method: 'GET', url, headers: { host } });

  it.each([
    ['the landing page', '/', 200],
    ['a static page', '/about', 200],
    ['a tool page', '/url-shortener/analytics/abc', 200],
    ['an unknown page (the app shows its 404)', '/no-such-page', 200],
    ['an unknown short link', '/s/no-such-link', 404],
    ['the API reference', '/api/docs', 200],
  ])(
    '%s carries the Content-Security-Policy, nosniff, a referrer policy and no framing',
    async (_name, url, status) => {
      const response = await page(app, url);
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toBe(EXPECTED_POLICY);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-frame-options']).toBe('DENY');
    },
  );

  it('a short link’s password page and its expired page carry the page headers', async () => {
    const user = await createSession(app);
    const locked = (await createLink(app, user, 'https://example.com/page', { password: 'open sesame' })).id;
    const expired = (await createLink(app, user, 'https://example.com/page')).id;
    await app.inject({
      method: 'PUT',
      url: `/api/urls/${expired}`,
      headers: asUser(user),
      payload: { url: 'https://example.com/page', expiresAt: '2020-01-01T00:00:00Z' },
    });
    // The password form's answer redirects to the link's destination, on any origin, and a
    // browser holds that redirect to form-action too.
    for (const [id, status, policy] of [
      [locked, 200, EXPECTED_POLICY.replace("form-action 'self'", "form-action 'self' https: http:")],
      [expired, 410, EXPECTED_POLICY],
    ] as const) {
      const response = await page(app, `/s/${id}`);
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-security-policy']).toBe(policy);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('a build pointed at another API origin may connect there, sockets included', async () => {
    const policy = (await page(pointedElsewhere, '/')).headers['content-security-policy'];
    expect(policy).toContain(
      "connect-src 'self' ws://hookbay.example wss://hookbay.example https://api.hookbay.example ws://api.hookbay.example wss://api.hookbay.example;",
    );
  });

  it('pages may connect to PUBLIC_URL too, where webhook URLs point', async () => {
    const behindProxy = await buildTestApp({
      webDir: fakeWebDir(),
      publicOrigin: parsePublicOrigin('https://hooks.example.com'),
    });
    const policy = (await page(behindProxy, '/')).headers['content-security-policy'];
    await behindProxy.close();
    expect(policy).toContain(
      "connect-src 'self' ws://hookbay.example wss://hookbay.example https://hooks.example.com ws://hooks.example.com wss://hooks.example.com;",
    );
  });

  it('a Host header that is not a plain host name is never written into the policy', async () => {
    const policy = String(
      (await page(app, '/', "hookbay.example;script-src 'unsafe-inline'")).headers['content-security-policy'],
    );
    expect(policy).toContain("connect-src 'self';");
    expect(policy).not.toContain('unsafe-inline');
  });

  it('API answers are nosniff with a strict referrer policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('a raw body download is an attachment of type octet-stream with nosniff, whatever was sent', async () => {
    const user = await createSession(app);
    const captured = await app.inject({
      method: 'POST',
      url: `/webhook/${user.sessionId}`,
      headers: { 'content-type': 'text/html' },
      payload: '<script>alert(1)</script>',
    });
    const { id } = captured.json<{ id: number }>();
    const download = await app.inject({
      method: 'GET',
      url: `/api/events/${id}/body`,
      headers: asUser(user),
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('<script>alert(1)</script>');
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="hookbay-request-${id}.bin"`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });
});
