import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HeaderMap } from '../../shared/webhooks.js';
import { schemeFor, verifySignature, type Scheme, type VerifyInput } from './signatures.js';

const NOW = Date.parse('2026-01-31T09:30:00Z');

function check(
  scheme: Scheme,
  headers: HeaderMap,
  body: string,
  secret: string,
  extra: Partial<VerifyInput> = {},
) {
  return verifySignature({ scheme, headers, body: Buffer.from(body), secret, now: NOW, ...extra });
}

describe('verifying webhook signatures', () => {
  it("checks GitHub's X-Hub-Signature-256 with GitHub's published example, in any hex case", () => {
    const signature = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';
    const secret = "It's a Secret to Everybody";
    expect(
      check('github-sha256', { 'X-Hub-Signature-256': signature }, 'Hello, World!', secret),
    ).toMatchObject({
      valid: true,
      algorithm: 'HMAC-SHA256',
      header: 'X-Hub-Signature-256',
      expected: signature,
      received: [signature],
      ageSeconds: null,
    });
    const upper = { 'x-hub-signature-256': signature.toUpperCase().replace('SHA256=', 'sha256=') };
    expect(check('github-sha256', upper, 'Hello, World!', secret)).toMatchObject({ valid: true });
    expect(check('github-sha256', upper, 'Hello, World?', secret)).toMatchObject({ valid: false });
    expect(check('github-sha256', upper, 'Hello, World!', 'another secret')).toMatchObject({ valid: false });
  });

  it('checks Standard Webhooks with its published example, among several signatures', () => {
    const headers = {
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,bm9wZQ== v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    };
    const outcome = check(
      'standard-webhooks',
      headers,
      '{"test": 2432232314}',
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    );
    expect(outcome).toMatchObject({
      valid: true,
      signed: '"msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330." followed by the raw body (20 bytes)',
      ageSeconds: Math.round(NOW / 1000 - 1614265330),
    });
    expect(check('standard-webhooks', headers, '{}', 'not base64!')).toEqual({
      problem: 'A Standard Webhooks secret is base64, usually written whsec_<base64>.',
    });
  });

  it('checks Stripe over "<t>.<body>" against any v1 signature', () => {
    const body = '{"id":"evt_1","type":"invoice.paid"}';
    const v1 = createHmac('sha256', 'whsec_stripe').update(`1769851800.${body}`).digest('hex');
    const header = { 'Stripe-Signature': `t=1769851800,v1=${'0'.repeat(64)},v1=${v1}` };
    expect(check('stripe', header, body, 'whsec_stripe')).toMatchObject({ valid: true, ageSeconds: 0 });
    expect(check('stripe', { 'Stripe-Signature': 'v1=abc' }, body, 's')).toEqual({
      problem: 'Stripe-Signature should hold t=<timestamp> and at least one v1=<signature>.',
    });
  });

  it('checks Slack over "v0:<timestamp>:<body>", Shopify as base64, and any custom HMAC', () => {
    const body = 'token=xyz&team_id=T1';
    const slack = createHmac('sha256', 'slack-secret').update(`v0:1769851800:${body}`).digest('hex');
    expect(
      check(
        'slack',
        { 'X-Slack-Signature': `v0=${slack}`, 'X-Slack-Request-Timestamp': '1769851800' },
        body,
        'slack-secret',
      ),
    ).toMatchObject({ valid: true });
    expect(check('slack', { 'X-Slack-Signature': `v0=${slack}` }, body, 'slack-secret')).toEqual({
      problem: 'The request has no X-Slack-Request-Timestamp header.',
    });
    const shopify = createHmac('sha256', 'shop').update(body).digest('base64');
    expect(check('shopify', { 'X-Shopify-Hmac-Sha256': shopify }, body, 'shop')).toMatchObject({
      valid: true,
    });
    const custom = createHmac('sha512', 'k').update(body).digest('base64url');
    expect(
      check('custom', { 'X-Signature': `hmac ${custom}` }, body, 'k', {
        custom: { header: 'x-signature', hash: 'SHA-512', encoding: 'base64', prefix: 'HMAC ' },
      }),
    ).toMatchObject({ valid: true, algorithm: 'HMAC-SHA512', header: 'x-signature' });
    expect(check('custom', { A: 'b' }, body, 'k')).toEqual({
      problem: 'Name the header that holds the signature (header).',
    });
  });

  it("picks the sender's own scheme, and none for senders it does not know", () => {
    expect(schemeFor('github', { 'X-Hub-Signature': 'sha1=ab' })).toBe('github-sha1');
    expect(schemeFor('github', { 'X-Hub-Signature-256': 'sha256=ab', 'X-Hub-Signature': 'sha1=ab' })).toBe(
      'github-sha256',
    );
    expect(schemeFor('stripe', {})).toBe('stripe');
    expect(schemeFor('twilio', {})).toBeNull();
    expect(schemeFor(null, {})).toBeNull();
  });
});
