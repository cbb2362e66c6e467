/**
 * A signing secret is answered once, when it is added, and never again: not in the server's log (a
 * real server process at LOG_LEVEL=trace, its whole output read), not in lists, stored requests or
 * exports, not in the API document. Each secret is looked for as written, in base64 and in hex (a
 * Standard Webhooks key also as its decoded bytes), and so is the signature a forged request should
 * have carried: Hookbay must not tell a forger the right one.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewSigningSecret } from '../../../../shared/signing-secrets.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { startServer, type ServerProcess } from '../../../test/processes.js';

const GITHUB = 'gh-leak-probe-3mQ9xT';
const REPLACEMENT = 'gh-leak-probe-replaced-8vR2';
const STRIPE = 'whsec_stripeLeakProbe5Kd7';
const STANDARD_KEY = randomBytes(24);
const STANDARD = `whsec_${STANDARD_KEY.toString('base64')}`;
/** Refused when added (a Standard Webhooks secret must be whsec_ and base64): logged nowhere either. */
const REFUSED = 'not-base64-probe-6Hn4!';

function writtenForms(secret: string): string[] {
  const bytes = Buffer.from(secret);
  return [secret, bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('hex')];
}

const hmac = (key: string | Buffer, data: string, encoding: 'hex' | 'base64' = 'hex') =>
  createHmac('sha256', key).update(data).digest(encoding);

describe('signing secrets stay secret', () => {
  let server: ServerProcess;
  let sessionId = '';

  beforeAll(async () => {
    server = await startServer({ logLevel: 'trace' });
    const started = await fetch(`${server.origin}/api/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    sessionId = ((await started.json()) as { sessionId: string }).sessionId;
  }, 90_000);
  afterAll(async () => {
    await server.stop();
  });

  function call(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${server.origin}${path}`, {
      method,
      headers: { 'x-session-id': sessionId, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  }

  async function capture(path: string, body: string, headers: Record<string, string>): Promise<number> {
    const response = await fetch(`${server.origin}/webhook/${sessionId}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    return response.status;
  }

  it('is answered once, then never again: not in answers, exports, the API document or the log', async () => {
    const added = new Map<string, NewSigningSecret>();
    for (const [name, scheme, secret, path] of [
      ['GitHub', 'github-sha256', GITHUB, '/github*'],
      ['Stripe', 'stripe', STRIPE, '/stripe*'],
      ['Svix', 'standard-webhooks', STANDARD, '/std*'],
    ] as const) {
      const response = await call('POST', '/api/signing-secrets', {
        name,
        scheme,
        secret,
        path,
        refuseInvalid: true,
      });
      expect(response.status).toBe(201);
      const answer = (await response.json()) as NewSigningSecret;
      expect(answer.secret).toBe(secret);
      added.set(name, answer);
    }
    const refused = await call('POST', '/api/signing-secrets', {
      name: 'Broken',
      scheme: 'standard-webhooks',
      secret: REFUSED,
    });
    expect(refused.status).toBe(400);
    const unreadable = await call('POST', '/api/signing-secrets', `{"name":"x","secret":"${GITHUB}"`);
    expect(unreadable.status).toBe(400);
    const replaced = await call('PUT', `/api/signing-secrets/${added.get('GitHub')?.id}`, {
      name: 'GitHub',
      scheme: 'github-sha256',
      secret: REPLACEMENT,
      path: '/github*',
      refuseInvalid: true,
    });
    expect(replaced.status).toBe(200);
    const replacedText = await replaced.text();

    // Captures the secrets judge: valid and invalid for each scheme (invalid ones are refused, 401).
    const body = '{"action":"opened","number":7}';
    const forged = '{"action":"deleted","number":8}';
    const now = Math.floor(Date.now() / 1000);
    const standard = new Webhook(STANDARD);
    const statuses = [
      await capture('/github', body, { 'X-Hub-Signature-256': `sha256=${hmac(REPLACEMENT, body)}` }),
      await capture('/github', forged, { 'X-Hub-Signature-256': `sha256=${hmac('a guess', forged)}` }),
      await capture('/stripe', body, { 'Stripe-Signature': `t=${now},v1=${hmac(STRIPE, `${now}.${body}`)}` }),
      await capture('/stripe', forged, { 'Stripe-Signature': `t=${now},v1=${hmac('a guess', forged)}` }),
      await capture('/std', body, {
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(now),
        'webhook-signature': standard.sign('msg_1', new Date(now * 1000), body),
      }),
      await capture('/std', forged, {
        'webhook-id': 'msg_2',
        'webhook-timestamp': String(now),
        'webhook-signature': `v1,${hmac('a guess', `msg_2.${now}.${forged}`, 'base64')}`,
      }),
    ];
    expect(statuses).toEqual([200, 401, 200, 401, 200, 401]);
    // The signatures the forged requests should have carried.
    const rightForForged = [
      hmac(REPLACEMENT, forged),
      hmac(STRIPE, `${now}.${forged}`),
      hmac(STANDARD_KEY, `msg_2.${now}.${forged}`, 'base64'),
    ];

    const events = await call('GET', '/api/events');
    const eventsText = await events.text();
    const verdicts = (JSON.parse(eventsText) as WebhookEvent[]).map(
      (event) => event.verdicts.signature?.status,
    );
    expect(verdicts).toEqual(['invalid', 'valid', 'invalid', 'valid', 'invalid', 'valid']);
    const list = await call('GET', '/api/signing-secrets');
    const listText = await list.text();
    expect(JSON.parse(listText)).toMatchObject({
      secrets: [{ hint: '8vR2' }, { hint: STRIPE.slice(-4) }, { hint: STANDARD.slice(-4) }],
    });
    const answers: Record<string, string> = {
      'the answer to PUT': replacedText,
      'GET /api/signing-secrets': listText,
      'GET /api/events': eventsText,
      'the NDJSON export': await (await call('GET', '/api/events/export?format=ndjson')).text(),
      'the HAR export': await (await call('GET', '/api/events/export?format=har')).text(),
      'the API document': await (await fetch(`${server.origin}/api/openapi.json`)).text(),
    };

    // Nor does the API document offer an example a secret could be copied from.
    const document = JSON.parse(answers['the API document'] ?? '{}') as { paths: Record<string, unknown> };
    const secretRoutes = Object.entries(document.paths).filter(([path]) =>
      path.startsWith('/api/signing-secrets'),
    );
    expect(secretRoutes.map(([path]) => path).sort()).toEqual([
      '/api/signing-secrets',
      '/api/signing-secrets/{id}',
    ]);
    for (const [path, operations] of secretRoutes) {
      expect(JSON.stringify(operations), path).not.toMatch(/"examples?"\s*:/);
    }

    await server.stop();
    const log = server.lines.join('\n');
    // The log was read: the server's own start line is in it.
    expect(server.logsMatching(/listening/i).length).toBeGreaterThan(0);

    const secrets = [GITHUB, REPLACEMENT, STRIPE, STANDARD, REFUSED].flatMap(writtenForms);
    secrets.push(STANDARD_KEY.toString('hex'), STANDARD_KEY.toString('base64url'));
    for (const [where, text] of Object.entries({ ...answers, 'the log': log })) {
      for (const secret of secrets) expect(text, `${secret} in ${where}`).not.toContain(secret);
      for (const signature of rightForForged)
        expect(text, `${signature} in ${where}`).not.toContain(signature);
    }
  });
});
