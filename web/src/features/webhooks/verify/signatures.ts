/**
 * Webhook signature checks, run in the browser with WebCrypto over the stored raw body bytes; the
 * signatures are compared as decoded bytes, so hex in another case or base64 without padding still match.
 */
import { bytesToBase64 } from '../body/bytes';
import { base64ToBytesStrict, bytesToHex, concatBytes, hexToBytes, sameBytes } from './encoding';
import { verifyMessages as text } from './messages';
import {
  planFor,
  utf8,
  type Hash,
  type SignatureEncoding,
  type VerifyInput,
  type VerifyProblem,
} from './schemes';

/**
 * A signed timestamp older than this marks a possible replay; Stripe, Slack and Standard Webhooks all
 * refuse past five minutes.
 */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

export interface VerifyResult {
  isValid: boolean;
  /** Such as "HMAC-SHA256". */
  algorithm: string;
  header: string;
  /** What was signed, in words. */
  signedContent: string;
  /** The signature the secret gives, written as the provider writes it. */
  expected: string;
  /** The signatures the request carries. */
  received: string[];
  /** Seconds from the signed timestamp to now, for schemes that sign one. */
  ageSeconds: number | null;
}

/** HMAC of `data` under `key` with WebCrypto. */
export async function hmac(
  hash: Hash,
  key: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, data));
}

const decode = (encoding: SignatureEncoding, value: string): Uint8Array | null =>
  encoding === 'hex' ? hexToBytes(value) : base64ToBytesStrict(value);

/**
 * Checks the request's signature with `secret` under `scheme`. Resolves to a problem when the request
 * lacks what the scheme needs (its signature header, a timestamp) or the secret cannot be a key.
 */
export async function verifySignature(input: VerifyInput): Promise<VerifyResult | VerifyProblem> {
  if (input.secret === '') return { problem: text.noSecret };
  const plan = planFor(input);
  if ('problem' in plan) return plan;
  const digest = await hmac(plan.hash, plan.key, concatBytes(utf8(plan.signedPrefix), input.body));
  const isValid = plan.candidates.some((candidate) => {
    const bytes = decode(plan.encoding, candidate);
    return bytes !== null && sameBytes(bytes, digest);
  });
  const timestamp = plan.timestamp === null ? NaN : Number(plan.timestamp);
  return {
    isValid,
    algorithm: `HMAC-${plan.hash.replace('-', '')}`,
    header: plan.header,
    signedContent: text.signedContent(plan.signedPrefix, input.body.length),
    expected: plan.label + (plan.encoding === 'hex' ? bytesToHex(digest) : bytesToBase64(digest)),
    received: plan.received,
    ageSeconds: Number.isFinite(timestamp) ? Math.round(input.now / 1000 - timestamp) : null,
  };
}
