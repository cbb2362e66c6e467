/**
 * The CLI's side of the shared signature library (shared/signatures): node:crypto computes the HMAC and
 * the outcome is worded for an MCP client.
 */
import { createHmac } from 'node:crypto';
import type { Hash, VerifyInput, VerifyProblem as Problem } from '../../shared/signatures/schemes.js';
import { verifySignature as verifyWith } from '../../shared/signatures/verify.js';

export {
  HASHES,
  SCHEMES,
  SIGNATURE_ENCODINGS,
  TIMESTAMP_TOLERANCE_SECONDS,
  schemeFor,
  type Scheme,
  type VerifyInput,
} from '../../shared/signatures/schemes.js';

export interface VerifyResult {
  valid: boolean;
  scheme: VerifyInput['scheme'];
  /** Such as "HMAC-SHA256". */
  algorithm: string;
  header: string;
  /** What was signed, in words. */
  signed: string;
  /** The signature the secret gives, written as the sender writes it. */
  expected: string;
  /** The signatures the request carries. */
  received: string[];
  /** Seconds from the signed timestamp to now, for schemes that sign one. */
  ageSeconds: number | null;
}

/** A request the scheme cannot be checked on, with the reason. */
export interface VerifyProblem {
  problem: string;
}

/** HMAC with node:crypto: synchronous, so a check never waits. */
export function nodeHmac(hash: Hash, key: Uint8Array, data: Uint8Array): Uint8Array {
  return createHmac(hash.replace('-', '').toLowerCase(), key).update(data).digest();
}

function problemText(problem: Problem): string {
  switch (problem.problem) {
    case 'no-secret':
      return 'Give the signing secret.';
    case 'no-header-name':
      return 'Name the header that holds the signature (header).';
    case 'missing-header':
      return `The request has no ${problem.header} header.`;
    case 'stripe-malformed':
      return 'Stripe-Signature should hold t=<timestamp> and at least one v1=<signature>.';
    case 'standard-secret-malformed':
      return 'A Standard Webhooks secret is base64, usually written whsec_<base64>.';
  }
}

function signedContent(prefix: string, bodyLength: number): string {
  const body = `the raw body (${bodyLength} bytes)`;
  return prefix ? `"${prefix}" followed by ${body}` : body;
}

/**
 * Checks the request's signature with `secret` under `scheme`. Answers a problem when the request
 * lacks what the scheme needs (its signature header, a timestamp) or the secret cannot be a key.
 */
export function verifySignature(input: VerifyInput): VerifyResult | VerifyProblem {
  const outcome = verifyWith(input, nodeHmac);
  if ('problem' in outcome) return { problem: problemText(outcome) };
  return {
    valid: outcome.isValid,
    scheme: outcome.scheme,
    algorithm: outcome.algorithm,
    header: outcome.header,
    signed: signedContent(outcome.signedPrefix, outcome.bodyBytes),
    expected: outcome.expected,
    received: outcome.received,
    ageSeconds: outcome.ageSeconds,
  };
}
