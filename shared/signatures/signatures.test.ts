import { describe, expect, it } from 'vitest';
import type { HeaderMap } from '../webhooks.js';
import { base64ToBytes, bytesToBase64, bytesToHex, hexToBytes, utf8Bytes } from './encoding.js';
import { schemeFor, type CustomHmac, type Hash, type Scheme, type VerifyInput } from './schemes.js';
import { verifySignature, type HmacFunction } from './verify.js';

// shared/ is typed without Node's declarations, so node:crypto (the HMAC the server and the CLI inject)
// is imported by a non-literal name and typed here.
interface NodeHmac {
  update(data: string | Uint8Array): NodeHmac;
  digest(encoding?: 'hex' | 'base64'): string & Uint8Array;
}
const nodeCryptoName = 'node:crypto';
const nodeCrypto = (await import(/* @vite-ignore */ nodeCryptoName)) as {
  createHmac(algorithm: string, key: string | Uint8Array): NodeHmac;
};
const nodeHmac: HmacFunction = (hash: Hash, key, data) =>
  new Uint8Array(nodeCrypto.createHmac(hash.replace('-', '').toLowerCase(), key).update(data).digest());

const utf8 = utf8Bytes;
const atob = (value: string) => String.fromCharCode(...(base64ToBytes(value) ?? []));
const btoa = (value: string) => bytesToBase64(utf8Bytes(value));
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

function check(verifyInput: VerifyInput) {
  const result = verifySignature(verifyInput, nodeHmac);
  if ('problem' in result) throw new Error(result.problem);
  return result;
}

describe('GitHub', () => {
  // The example in GitHub's "Validating webhook deliveries" documentation.
  const secret = "It's a Secret to Everybody";
  const signature = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';

  it("accepts GitHub's published example", () => {
    const result = check(
      input('github-sha256', { 'X-Hub-Signature-256': signature }, 'Hello, World!', secret),
    );
    expect(result).toEqual({
      isValid: true,
      algorithm: 'HMAC-SHA256',
      header: 'X-Hub-Signature-256',
      scheme: 'github-sha256',
      signedPrefix: '',
      bodyBytes: 13,
      expected: signature,
      received: [signature],
      ageSeconds: null,
    });
  });

  it('compares bytes, so upper-case hex matches too', () => {
    const upper = 'sha256=' + signature.slice(7).toUpperCase();
    const result = check(input('github-sha256', { 'x-hub-signature-256': upper }, 'Hello, World!', secret));
    expect(result.isValid).toBe(true);
  });

  it('refuses a wrong secret and a changed body', () => {
    const headers = { 'X-Hub-Signature-256': signature };
    expect(check(input('github-sha256', headers, 'Hello, World!', 'wrong')).isValid).toBe(false);
    expect(check(input('github-sha256', headers, 'Hello, World?', secret)).isValid).toBe(false);
  });

  it('checks the older SHA-1 header', () => {
    const sha1 = 'sha1=' + nodeCrypto.createHmac('sha1', secret).update('Hello, World!').digest('hex');
    const headers = { 'X-Hub-Signature': sha1 };
    expect(check(input('github-sha1', headers, 'Hello, World!', secret)).isValid).toBe(true);
    expect(check(input('github-sha1', headers, 'Hello, World!', 'nope')).isValid).toBe(false);
  });

  it('says when the signature header is missing', () => {
    expect(verifySignature(input('github-sha256', {}, 'x', secret), nodeHmac)).toEqual({
      problem: 'missing-header',
      header: 'X-Hub-Signature-256',
    });
  });
});

describe('Stripe', () => {
  const secret = 'whsec_test_secret';
  const body = '{"id":"evt_1","object":"event","type":"invoice.paid"}';
  const t = NOW_SECONDS - 125;
  const v1 = nodeCrypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

  it('accepts any matching v1 signature and reports the age of t', () => {
    const header = `t=${t},v1=${'0'.repeat(64)},v1=${v1},v0=abc`;
    const result = check(input('stripe', { 'Stripe-Signature': header }, body, secret));
    expect(result.isValid).toBe(true);
    expect(result.expected).toBe(`v1=${v1}`);
    expect(result.received).toEqual([`v1=${'0'.repeat(64)}`, `v1=${v1}`]);
    expect(result.signedPrefix).toBe(`${t}.`);
    expect(result.ageSeconds).toBe(125);
  });

  it('refuses a wrong secret', () => {
    const header = `t=${t},v1=${v1}`;
    expect(check(input('stripe', { 'Stripe-Signature': header }, body, 'whsec_other')).isValid).toBe(false);
  });

  it('says when the header has no timestamp or v1 part', () => {
    expect(
      verifySignature(input('stripe', { 'Stripe-Signature': `v1=${v1}` }, body, secret), nodeHmac),
    ).toEqual({
      problem: 'stripe-malformed',
    });
  });
});

describe('Shopify', () => {
  it('checks the base64 HMAC of the body', () => {
    const body = '{"id":820982911946154508,"email":"jon@example.com"}';
    const hmac = nodeCrypto.createHmac('sha256', 'shpss_secret').update(body).digest('base64');
    const headers = { 'X-Shopify-Hmac-Sha256': hmac };
    const result = check(input('shopify', headers, body, 'shpss_secret'));
    expect(result.isValid).toBe(true);
    expect(result.expected).toBe(hmac);
    expect(check(input('shopify', headers, body, 'shpss_wrong')).isValid).toBe(false);
  });
});

describe('Slack', () => {
  it('signs v0:timestamp:body and reports the timestamp age', () => {
    const secret = '8f742231b10e8888abcd99yyyzzz85a5';
    const body = 'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&command=%2Fweather&text=94070';
    const timestamp = String(NOW_SECONDS - 600);
    const signature =
      'v0=' + nodeCrypto.createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex');
    const headers = { 'X-Slack-Signature': signature, 'X-Slack-Request-Timestamp': timestamp };
    const result = check(input('slack', headers, body, secret));
    expect(result.isValid).toBe(true);
    expect(result.expected).toBe(signature);
    expect(result.ageSeconds).toBe(600);
    expect(check(input('slack', headers, body, 'wrong')).isValid).toBe(false);
  });

  it('needs the request timestamp', () => {
    expect(verifySignature(input('slack', { 'X-Slack-Signature': 'v0=00' }, '', 's'), nodeHmac)).toEqual({
      problem: 'missing-header',
      header: 'X-Slack-Request-Timestamp',
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

  it('accepts the published test vector among several signatures', () => {
    const key = Uint8Array.from(atob('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'), (c) => c.charCodeAt(0));
    const computed = nodeCrypto
      .createHmac('sha256', key)
      .update(`msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330.${body}`)
      .digest('base64');
    expect(computed).toBe('g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');

    const result = check(input('standard-webhooks', headers, body, secret));
    expect(result.isValid).toBe(true);
    expect(result.expected).toBe(`v1,${computed}`);
    expect(result.received).toHaveLength(2);
    expect(result.signedPrefix).toBe('msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330.');
    expect(result.bodyBytes).toBe(20);
  });

  it('refuses another secret and explains a secret that is not base64', () => {
    const other = check(input('standard-webhooks', headers, body, 'whsec_' + btoa('another key')));
    expect(other.isValid).toBe(false);
    expect(verifySignature(input('standard-webhooks', headers, body, 'whsec_***'), nodeHmac)).toEqual({
      problem: 'standard-secret-malformed',
    });
  });
});

describe('custom HMAC', () => {
  const body = Uint8Array.from([0, 1, 2, 0xff, 0xfe]);

  it.each([
    ['SHA-1', 'sha1', 'hex', 'sha1='],
    ['SHA-256', 'sha256', 'base64', ''],
    ['SHA-512', 'sha512', 'hex', 'SHA512='],
  ] as const)('checks %s in %s with prefix "%s" over binary bytes', (hash, nodeName, encoding, prefix) => {
    const signature = prefix + nodeCrypto.createHmac(nodeName, 'key').update(body).digest(encoding);
    const custom: CustomHmac = { header: 'X-Signature', hash, encoding, prefix: prefix.toLowerCase() };
    const headers = { 'X-Signature': signature };
    const result = check({ ...input('custom', headers, body, 'key'), custom });
    expect(result.isValid).toBe(true);
    expect(result.algorithm).toBe(`HMAC-${hash.replace('-', '')}`);
    const wrong = check({ ...input('custom', headers, body, 'other'), custom });
    expect(wrong.isValid).toBe(false);
  });

  it('asks for a header name and a secret', () => {
    expect(verifySignature(input('custom', {}, body, 'key'), nodeHmac)).toEqual({
      problem: 'no-header-name',
    });
    expect(verifySignature(input('github-sha256', {}, body, ''), nodeHmac)).toEqual({
      problem: 'no-secret',
    });
  });
});

describe('schemeFor', () => {
  it("picks the sender's own scheme, and none for senders it does not know", () => {
    expect(schemeFor('github', { 'X-Hub-Signature-256': 'x', 'X-Hub-Signature': 'y' })).toBe('github-sha256');
    expect(schemeFor('github', { 'X-Hub-Signature': 'y' })).toBe('github-sha1');
    expect(schemeFor('stripe', {})).toBe('stripe');
    expect(schemeFor('gitlab', {})).toBeNull();
    expect(schemeFor(null, {})).toBeNull();
  });
});

describe('the injected HMAC', () => {
  it('answers at once with a synchronous HMAC and as a promise with an asynchronous one', async () => {
    const headers = {
      'X-Hub-Signature-256': 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
    };
    const plain = input('github-sha256', headers, 'Hello, World!', "It's a Secret to Everybody");
    const asyncHmac = (hash: Hash, key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>) =>
      Promise.resolve(nodeHmac(hash, key, data));
    const later = verifySignature(plain, asyncHmac);
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toMatchObject({ isValid: true });
  });

  it('accepts base64url and a case-insensitive custom prefix', () => {
    const body = 'token=xyz&team_id=T1';
    const signature = nodeCrypto
      .createHmac('sha512', 'k')
      .update(body)
      .digest('base64')
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    const custom: CustomHmac = {
      header: 'x-signature',
      hash: 'SHA-512',
      encoding: 'base64',
      prefix: 'HMAC ',
    };
    expect(
      check({ ...input('custom', { 'X-Signature': `hmac ${signature}` }, body, 'k'), custom }),
    ).toMatchObject({
      isValid: true,
      algorithm: 'HMAC-SHA512',
      header: 'x-signature',
    });
  });
});

// The runtime's own encoder, typed here for the same reason as node:crypto above.
const { TextEncoder: Encoder } = globalThis as unknown as {
  TextEncoder: new () => { encode(value: string): Uint8Array };
};

describe('byte codecs', () => {
  it('writes UTF-8 as TextEncoder does, and base64 both ways', () => {
    const text = 'héllo ✓ 😀 \ud800';
    expect(Array.from(utf8Bytes(text))).toEqual(Array.from(new Encoder().encode(text)));
    for (const length of [0, 1, 2, 3, 4, 5, 32]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37) % 256);
      expect(Array.from(base64ToBytes(bytesToBase64(bytes)) ?? [])).toEqual(Array.from(bytes));
    }
    expect(base64ToBytes('a*b')).toBeNull();
  });

  it('writes every byte as hex and reads it back in either case, refusing what is not hex', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const hex = bytesToHex(bytes);
    expect(hex.slice(0, 8)).toBe('00010203');
    expect(hex.slice(-4)).toBe('feff');
    expect(Array.from(hexToBytes(hex.toUpperCase()) ?? [])).toEqual(Array.from(bytes));
    for (const bad of ['abc', '0g', 'zz']) expect(hexToBytes(bad)).toBeNull();
    expect(Array.from(base64ToBytes('_-8') ?? [])).toEqual([255, 239]);
  });
});
