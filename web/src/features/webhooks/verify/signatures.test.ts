import { describe, expect, it } from 'vitest';
import type { VerifyInput } from '../../../../../shared/signatures/schemes';
import { verifySignature } from './signatures';

// The schemes are tested in shared/signatures; this checks the WebCrypto HMAC and the wording.
const utf8 = (value: string) => new TextEncoder().encode(value);
const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const secret = "It's a Secret to Everybody";
const signature = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';

function input(headers: Record<string, string>, body: string, key: string): VerifyInput {
  return { scheme: 'github-sha256', headers, body: utf8(body), secret: key, now: NOW };
}

describe('verifying in the browser', () => {
  it("accepts GitHub's published example with WebCrypto", async () => {
    expect(
      await verifySignature(input({ 'X-Hub-Signature-256': signature }, 'Hello, World!', secret)),
    ).toEqual({
      isValid: true,
      algorithm: 'HMAC-SHA256',
      header: 'X-Hub-Signature-256',
      signedContent: 'The raw body (13 bytes)',
      expected: signature,
      received: [signature],
      ageSeconds: null,
    });
    const wrong = await verifySignature(input({ 'X-Hub-Signature-256': signature }, 'Hello, World!', 'x'));
    expect(wrong).toMatchObject({ isValid: false });
  });

  it('words what keeps a request from being checked', async () => {
    expect(await verifySignature(input({}, 'x', secret))).toEqual({
      problem: 'This request has no X-Hub-Signature-256 header',
    });
    expect(await verifySignature(input({}, 'x', ''))).toEqual({ problem: 'Enter the signing secret first' });
    const stripe = { ...input({ 'Stripe-Signature': 'v1=00' }, '{}', 's'), scheme: 'stripe' as const };
    expect(await verifySignature(stripe)).toEqual({ problem: 'Stripe-Signature has no t=… and v1=… parts' });
  });
});
