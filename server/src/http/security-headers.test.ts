import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/sessions.js';
import { buildTestApp } from '../../test/app.js';
import { createSession } from '../../test/factories.js';
import { createLink, visit } from '../features/short-links/test-helpers.js';

/** Every security header, as each API answer and error carries it. */
const SECURITY_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
/** Those that only the security headers set: absent from captures and redirects. */
const ONLY_SECURITY_HEADERS = Object.keys(SECURITY_HEADERS).filter(
  // A capture's sandboxed answer and the pages set these three themselves.
  (name) => !['referrer-policy', 'x-content-type-options', 'x-frame-options'].includes(name),
);

describe('security headers', () => {
  let app: FastifyInstance;
  let owner: SessionUser;

  beforeAll(async () => {
    app = await buildTestApp();
    owner = await createSession(app);
  });
  afterAll(() => app.close());

  it('are on every API answer, an error and an unknown route alike, with no X-Powered-By', async () => {
    const answers = [
      await app.inject({ method: 'GET', url: '/api/events', headers: { 'x-session-id': owner.sessionId } }),
      await app.inject({ method: 'GET', url: '/api/events' }),
      await app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject(SECURITY_HEADERS);
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('are left off captures and redirects', async () => {
    const capture = await app.inject({ method: 'POST', url: `/webhook/${owner.sessionId}`, payload: '{}' });
    const link = await createLink(app, owner, 'https://example.com/landing');
    const redirect = await visit(app, link.id);
    expect([capture.statusCode, redirect.statusCode]).toEqual([200, 302]);
    for (const answer of [capture, redirect])
      for (const name of ONLY_SECURITY_HEADERS) expect(answer.headers[name]).toBeUndefined();
  });
});
