/**
 * Checks a request's signature over its raw body bytes. The HMAC itself is injected: the browser passes
 * a WebCrypto one (asynchronous), the server and the CLI a node:crypto one (synchronous, so the capture
 * path never waits). Signatures are compared as decoded bytes, so hex in another case or base64 without
 * padding still match.
 */
import {
  base64ToBytes,
  bytesToBase64,
  bytesToHex,
  concatBytes,
  hexToBytes,
  sameBytes,
  utf8Bytes,
} from './encoding.js';
import {
  planFor,
  type Hash,
  type Plan,
  type Scheme,
  type VerifyInput,
  type VerifyProblem,
} from './schemes.js';

/** HMAC of `data` under `key`; returns the digest bytes, at once or as a promise. */
export type HmacFunction = (
  hash: Hash,
  key: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
) => Uint8Array;
export type AsyncHmacFunction = (
  hash: Hash,
  key: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
) => Promise<Uint8Array>;

export interface VerifyResult {
  isValid: boolean;
  scheme: Scheme;
  /** Such as "HMAC-SHA256". */
  algorithm: string;
  header: string;
  /** Signed before the body bytes ('' when only the body is signed). */
  signedPrefix: string;
  bodyBytes: number;
  /** The signature the secret gives, written as the provider writes it. */
  expected: string;
  /** The signatures the request carries. */
  received: string[];
  /** Seconds from the signed timestamp to now, for schemes that sign one (negative: in the future). */
  ageSeconds: number | null;
}

function conclude(input: VerifyInput, plan: Plan, digest: Uint8Array): VerifyResult {
  const isValid = plan.candidates.some((candidate) => {
    const bytes = plan.encoding === 'hex' ? hexToBytes(candidate) : base64ToBytes(candidate);
    return bytes !== null && sameBytes(bytes, digest);
  });
  const timestamp = plan.timestamp === null ? NaN : Number(plan.timestamp);
  return {
    isValid,
    scheme: input.scheme,
    algorithm: `HMAC-${plan.hash.replace('-', '')}`,
    header: plan.header,
    signedPrefix: plan.signedPrefix,
    bodyBytes: input.body.length,
    expected: plan.label + (plan.encoding === 'hex' ? bytesToHex(digest) : bytesToBase64(digest)),
    received: plan.received,
    ageSeconds: Number.isFinite(timestamp) ? Math.round(input.now / 1000 - timestamp) : null,
  };
}

/**
 * What the HMAC runs over: the body itself when nothing is signed before it (no copy: on the server the
 * body is a Buffer, and copying it cost as much as the HMAC), else the prefix and the body together.
 */
function signedBytes(prefix: string, body: Uint8Array): Uint8Array<ArrayBuffer> {
  if (prefix === '' && isOnArrayBuffer(body)) return body;
  return concatBytes(utf8Bytes(prefix), body);
}

function isOnArrayBuffer(bytes: Uint8Array): bytes is Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer;
}

/**
 * Checks the request's signature with `secret` under `scheme`, with the given HMAC. Answers a problem
 * when the request lacks what the scheme needs (its signature header, a timestamp) or the secret cannot
 * be a key; answers a promise only when the HMAC function does.
 */
export function verifySignature(input: VerifyInput, hmac: HmacFunction): VerifyResult | VerifyProblem;
export function verifySignature(
  input: VerifyInput,
  hmac: AsyncHmacFunction,
): VerifyProblem | Promise<VerifyResult>;
export function verifySignature(
  input: VerifyInput,
  hmac: HmacFunction | AsyncHmacFunction,
): VerifyResult | VerifyProblem | Promise<VerifyResult | VerifyProblem> {
  const plan = planFor(input);
  if ('problem' in plan) return plan;
  const digest = hmac(plan.hash, plan.key, signedBytes(plan.signedPrefix, input.body));
  return digest instanceof Promise
    ? digest.then((bytes) => conclude(input, plan, bytes))
    : conclude(input, plan, digest);
}

/** True when a signed timestamp's age lies within `toleranceSeconds` either way. */
export function isWithinTolerance(ageSeconds: number | null, toleranceSeconds: number): boolean {
  return ageSeconds === null || Math.abs(ageSeconds) <= toleranceSeconds;
}
