import { describe, expect, it } from 'vitest';
import type { HeaderMap } from '../../../../../shared/webhooks';
import { defaultScheme, type CustomHmac, type Scheme, type VerifyInput } from './schemes';
import { verifySignature } from './signatures';

// The web project is typed without Node's declarations, so the one Node API the test needs to cross-check
// signatures (node:crypto) is imported by a non-literal name and typed here.
interface NodeHmac {
  update(data: string | Uint8Array): NodeHmac;
  digest(encoding: 'hex' | 'base64'): string;
}
const nodeCryptoName = 'node:crypto';
const nodeCrypto = (await import(/* @vite-ignore */ nodeCryptoName)) as {
  createHmac(algorithm: string, key: string | Uint8Array): NodeHmac;
};

const utf8 = (value: string) => new TextEncoder().encode(value);
const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const NOW_SECONDS = NOW / 1000;

const NO_CUSTOM: CustomHmac = { header: '', hash: 'SHA-256', encoding: 'hex', prefix: '' };

function input(scheme: Scheme, headers: HeaderMap, body: string | Uint8Array, secret: string): VerifyInput {
  return {
    scheme,
    headers,
    body: typeof body === 'string' ? utf8(body) : body,
    secret,
    custom: NO_CUSTOM,
    now: NOW,
  };
}

async function check(verifyInput: VerifyInput) {
  const result = await verifySignature(verifyInput);
  if ('problem' in result) throw new Error(result.problem);
  return result;
}

describe('GitHub', () => {
  // The example in GitHub's "Validating webhook deliveries" documentation.
  const secret = "It's a Secret to Everybody";
  const signature = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';

  it("accepts GitHub's published example", async () => {
    const result = await check(
      input('github-sha256', { 'X-Hub-Signature-256': signature }, 'Hello, World!', secret),
    );
    expect(result).toEqual({
      isValid: true,
      algorithm: 'HMAC-SHA256',
      header: 'X-Hub-Signature-256',
      signedContent: 'The raw body (13 bytes)',
      expected: signature,
      received: [signature],
      ageSeconds: null,
    });
  });

  it('compares bytes, so upper-case hex matches too', async () => {
    const upper = 'sha256=' + signature.slice(7).toUpperCase();
    const result = await check(
      input('github-sha256', { 'x-hub-signature-256': upper }, 'Hello, World!', secret),
    );
    expect(result.isValid).toBe(true);
  });

  it('refuses a wrong secret and a changed body', async () => {
    const headers = { 'X-Hub-Signature-256': signature };
    expect((await check(input('github-sha256', headers, 'Hello, World!', 'wrong'))).isValid).toBe(false);
    expect((await check(input('github-sha256', headers, 'Hello, World?', secret))).isValid).toBe(false);
  });

  it('checks the older SHA-1 header', async () => {
    const sha1 = 'sha1=' + nodeCrypto.createHmac('sha1', secret).update('Hello, World!').digest('hex');
    const headers = { 'X-Hub-Signature': sha1 };
    expect((await check(input('github-sha1', headers, 'Hello, World!', secret))).isValid).toBe(true);
    expect((await check(input('github-sha1', headers, 'Hello, World!', 'nope'))).isValid).toBe(false);
  });

  it('says when the signature header is missing', async () => {
    expect(await verifySignature(input('github-sha256', {}, 'x', secret))).toEqual({
      problem: 'This request has no X-Hub-Signature-256 header',
    });
  });
});

describe('Stripe', () => {
  const secret = 'whsec_test_secret';
  const body = '{"id":"evt_1","object":"event","type":"invoice.paid"}';
  const t = NOW_SECONDS - 125;
  const v1 = nodeCrypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

  it('accepts any matching v1 signature and reports the age of t', async () => {
    const header = `t=${t},v1=${'0'.repeat(64)},v1=${v1},v0=abc`;
    const result = await check(input('stripe', { 'Stripe-Signature': header }, body, secret));
    expect(result.isValid).toBe(true);
    expect(result.expected).toBe(`v1=${v1}`);
    expect(result.received).toEqual([`v1=${'0'.repeat(64)}`, `v1=${v1}`]);
    expect(result.signedContent).toBe(`"${t}." followed by the raw body (${body.length} bytes)`);
    expect(result.ageSeconds).toBe(125);
  });

  it('refuses a wrong secret', async () => {
    const header = `t=${t},v1=${v1}`;
    expect((await check(input('stripe', { 'Stripe-Signature': header }, body, 'whsec_other'))).isValid).toBe(
      false,
    );
  });

  it('says when the header has no timestamp or v1 part', async () => {
    expect(await verifySignature(input('stripe', { 'Stripe-Signature': `v1=${v1}` }, body, secret))).toEqual({
      problem: 'Stripe-Signature has no t=… and v1=… parts',
    });
  });
});

describe('Shopify', () => {
  it('checks the base64 HMAC of the body', async () => {
    const body = '{"id":820982911946154508,"email":"jon@example.com"}';
    const hmac = nodeCrypto.createHmac('sha256', 'shpss_secret').update(body).digest('base64');
    const headers = { 'X-Shopify-Hmac-Sha256': hmac };
    const result = await check(input('shopify', headers, body, 'shpss_secret'));
    expect(result.isValid).toBe(true);
    expect(result.expected).toBe(hmac);
    expect((await check(input('shopify', headers, body, 'shpss_wrong'))).isValid).toBe(false);
  });
});

describe('Slack', () => {
  it('signs v0:timestamp:body and reports the timestamp age', async () => {
    const secret = '8f742231b10e8888abcd99yyyzzz85a5';
    const body = 'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&command=%2Fweather&text=94070';
    const timestamp = String(NOW_SECONDS - 600);
    const signature =
      'v0=' + nodeCrypto.createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex');
    const headers = { 'X-Slack-Signature': signature, 'X-Slack-Request-Timestamp': timestamp };
    const result = await check(input('slack', headers, body, secret));
    expect(result.isValid).toBe(true);
    expect(result.expected).toBe(signature);
    expect(result.ageSeconds).toBe(600);
    expect((await check(input('slack', headers, body, 'wrong'))).isValid).toBe(false);
  });

  it('needs the request timestamp', async () => {
    expect(await verifySignature(input('slack', { 'X-Slack-Signature': 'v0=00' }, '', 's'))).toEqual({
      problem: 'This request has no X-Slack-Request-Timestamp header',
    });
  });
});

describe('Standard Webhooks', () => {
  // The test vector published with the Standard Webhooks reference libraries.
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const body = '{"test": 2432232314}';
  const headers = {
    'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    'webhook-timestamp': '1614265330',
    'webhook-signature':
      'v1,bm9ldHUjKzFob2VudXRob2VodWUzMjRvdWVvdW9ldQo= v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  };

  it('accepts the published test vector among several signatures', async () => {
    const key = Uint8Array.from(atob('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'), (c) => c.charCodeAt(0));
    const computed = nodeCrypto
      .createHmac('sha256', key)
      .update(`msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330.${body}`)
      .digest('base64');
    expect(computed).toBe('g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');

    const result = await check(input('standard-webhooks', headers, body, secret));
    expect(result.isValid).toBe(true);
    expect(result.expected).toBe(`v1,${computed}`);
    expect(result.received).toHaveLength(2);
    expect(result.signedContent).toBe(
      `"msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330." followed by the raw body (20 bytes)`,
    );
  });

  it('refuses another secret and explains a secret that is not base64', async () => {
    const other = await check(input('standard-webhooks', headers, body, 'whsec_' + btoa('another key')));
    expect(other.isValid).toBe(false);
    expect(await verifySignature(input('standard-webhooks', headers, body, 'whsec_***'))).toEqual({
      problem: 'The secret must be whsec_ followed by base64',
    });
  });
});

describe('custom HMAC', () => {
  const body = Uint8Array.from([0, 1, 2, 0xff, 0xfe]);

  it.each([
    ['SHA-1', 'sha1', 'hex', 'sha1='],
    ['SHA-256', 'sha256', 'base64', ''],
    ['SHA-512', 'sha512', 'hex', 'SHA512='],
  ] as const)(
    'checks %s in %s with prefix "%s" over binary bytes',
    async (hash, nodeName, encoding, prefix) => {
      const signature = prefix + nodeCrypto.createHmac(nodeName, 'key').update(body).digest(encoding);
      const custom: CustomHmac = { header: 'X-Signature', hash, encoding, prefix: prefix.toLowerCase() };
      const headers = { 'X-Signature': signature };
      const result = await check({ ...input('custom', headers, body, 'key'), custom });
      expect(result.isValid).toBe(true);
      expect(result.algorithm).toBe(`HMAC-${hash.replace('-', '')}`);
      const wrong = await check({ ...input('custom', headers, body, 'other'), custom });
      expect(wrong.isValid).toBe(false);
    },
  );

  it('asks for a header name and a secret', async () => {
    expect(await verifySignature(input('custom', {}, body, 'key'))).toEqual({
      problem: 'Enter the name of the header that holds the signature',
    });
    expect(await verifySignature(input('github-sha256', {}, body, ''))).toEqual({
      problem: 'Enter the signing secret first',
    });
  });
});

describe('defaultScheme', () => {
  it("offers the provider's scheme, else the generic form", () => {
    expect(defaultScheme('github', { 'X-Hub-Signature-256': 'x', 'X-Hub-Signature': 'y' })).toBe(
      'github-sha256',
    );
    expect(defaultScheme('github', { 'X-Hub-Signature': 'y' })).toBe('github-sha1');
    expect(defaultScheme('stripe', {})).toBe('stripe');
    expect(defaultScheme('gitlab', {})).toBe('custom');
    expect(defaultScheme(null, {})).toBe('custom');
  });
});
