/**
 * The browser's side of the shared signature library: WebCrypto computes the HMAC, and the outcome is
 * worded with this feature's messages. The schemes themselves live in shared/signatures.
 */
import type { Provider } from '../../../../../shared/providers';
import {
  schemeFor,
  type Hash,
  type Scheme,
  type VerifyInput,
  type VerifyProblem as Problem,
} from '../../../../../shared/signatures/schemes';
import { verifySignature as verifyWith } from '../../../../../shared/signatures/verify';
import type { HeaderMap } from '../../../../../shared/webhooks';
import { verifyMessages as text } from './messages';

export { TIMESTAMP_TOLERANCE_SECONDS } from '../../../../../shared/signatures/schemes';

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

/** A request the scheme cannot be checked on, in words. */
export interface VerifyProblem {
  problem: string;
}

/** HMAC of `data` under `key` with WebCrypto. */
export async function webCryptoHmac(
  hash: Hash,
  key: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, data));
}

function problemText(problem: Problem): string {
  switch (problem.problem) {
    case 'no-secret':
      return text.noSecret;
    case 'no-header-name':
      return text.noHeaderName;
    case 'missing-header':
      return text.missingHeader(problem.header);
    case 'stripe-malformed':
      return text.stripeMalformed;
    case 'standard-secret-malformed':
      return text.standardSecretMalformed;
  }
}

/** The scheme to offer first for a request: its provider's own, else the generic HMAC form. */
export function defaultScheme(provider: Provider | null, headers: HeaderMap): Scheme {
  return schemeFor(provider, headers) ?? 'custom';
}

/**
 * Checks the request's signature with `secret` under `scheme`. Resolves to a problem when the request
 * lacks what the scheme needs (its signature header, a timestamp) or the secret cannot be a key.
 */
export async function verifySignature(input: VerifyInput): Promise<VerifyResult | VerifyProblem> {
  const outcome = await verifyWith(input, webCryptoHmac);
  if ('problem' in outcome) return { problem: problemText(outcome) };
  return {
    isValid: outcome.isValid,
    algorithm: outcome.algorithm,
    header: outcome.header,
    signedContent: text.signedContent(outcome.signedPrefix, outcome.bodyBytes),
    expected: outcome.expected,
    received: outcome.received,
    ageSeconds: outcome.ageSeconds,
  };
}
