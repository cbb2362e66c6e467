/**
 * The signature schemes of the providers: which header holds the signature, what is signed before the
 * body, how the signature is encoded, and the key a secret gives. Read from one request's headers.
 */
import { headerValue, type Provider } from '../providers.js';
import type { HeaderMap } from '../webhooks.js';
import { base64ToBytes, utf8Bytes } from './encoding.js';

export const SCHEMES = [
  'github-sha256',
  'github-sha1',
  'stripe',
  'shopify',
  'slack',
  'standard-webhooks',
  'custom',
] as const;
export type Scheme = (typeof SCHEMES)[number];

export const HASHES = ['SHA-1', 'SHA-256', 'SHA-512'] as const;
export type Hash = (typeof HASHES)[number];
export const SIGNATURE_ENCODINGS = ['hex', 'base64'] as const;
export type SignatureEncoding = (typeof SIGNATURE_ENCODINGS)[number];

/** Schemes that sign a timestamp: a signature older (or newer) than the tolerance marks a possible replay. */
export const TIMESTAMPED_SCHEMES: readonly Scheme[] = ['stripe', 'slack', 'standard-webhooks'];

/** Stripe, Slack and Standard Webhooks all refuse a signed timestamp past five minutes. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/** The generic HMAC check: any header, any of the three hashes, hex or base64, an optional prefix. */
export interface CustomHmac {
  header: string;
  hash: Hash;
  encoding: SignatureEncoding;
  /** Text before the signature in the header, such as "sha256="; matched without regard to case. */
  prefix: string;
}

/** Why a request cannot be checked; each side words it in its own messages. */
export type VerifyProblem =
  | { problem: 'no-secret' }
  | { problem: 'no-header-name' }
  | { problem: 'missing-header'; header: string }
  | { problem: 'stripe-malformed' }
  | { problem: 'standard-secret-malformed' };

export interface VerifyInput {
  scheme: Scheme;
  headers: HeaderMap;
  body: Uint8Array;
  secret: string;
  /**
   * The secret's HMAC key, when the caller keeps it (`secretKey(scheme, secret)`, as the server does
   * for stored secrets); derived from `secret` on each call otherwise.
   */
  key?: Uint8Array<ArrayBuffer> | null;
  /** Only read by the "custom" scheme. */
  custom?: CustomHmac;
  /** Milliseconds since the epoch, for the timestamp's age. */
  now: number;
}

/** What a scheme signs and how it writes the signature, read from one request's headers. */
export interface Plan {
  hash: Hash;
  key: Uint8Array<ArrayBuffer>;
  header: string;
  /** Signed before the body bytes. */
  signedPrefix: string;
  encoding: SignatureEncoding;
  /** Written before the encoded signature in the header, such as "sha256=". */
  label: string;
  received: string[];
  /** Received signatures without their label, still encoded. */
  candidates: string[];
  timestamp: string | null;
}

export const SIGNATURE_HEADERS: Record<Exclude<Scheme, 'custom'>, string> = {
  'github-sha256': 'X-Hub-Signature-256',
  'github-sha1': 'X-Hub-Signature',
  stripe: 'Stripe-Signature',
  shopify: 'X-Shopify-Hmac-Sha256',
  slack: 'X-Slack-Signature',
  'standard-webhooks': 'webhook-signature',
};

/** True when a header names a signature or an HMAC (X-Hub-Signature-256, Stripe-Signature, X-Shopify-Hmac-Sha256, …). */
export function hasSignatureHeader(headers: HeaderMap): boolean {
  return Object.keys(headers).some((name) => /signature|hmac/i.test(name));
}

/** The scheme of a recognised sender, or null when the sender is not one Hookbay knows. */
export function schemeFor(provider: Provider | null, headers: HeaderMap): Scheme | null {
  switch (provider) {
    case 'github':
      return headerValue(headers, 'X-Hub-Signature-256') || !headerValue(headers, 'X-Hub-Signature')
        ? 'github-sha256'
        : 'github-sha1';
    case 'stripe':
    case 'shopify':
    case 'slack':
    case 'standard-webhooks':
      return provider;
    default:
      return null;
  }
}

/** "k=v,k=v" into pairs, splitting each at its first "=". */
function commaPairs(value: string): [string, string][] {
  return value.split(',').map((part) => {
    const at = part.indexOf('=');
    return at < 0 ? [part.trim(), ''] : [part.slice(0, at).trim(), part.slice(at + 1).trim()];
  });
}

function labelled(
  hash: Hash,
  key: Uint8Array<ArrayBuffer>,
  header: string,
  value: string,
  label: string,
  encoding: SignatureEncoding,
): Plan {
  const hasLabel = value.toLowerCase().startsWith(label.toLowerCase());
  return {
    hash,
    key,
    header,
    signedPrefix: '',
    encoding,
    label,
    received: [value],
    candidates: hasLabel ? [value.slice(label.length)] : [],
    timestamp: null,
  };
}

function stripePlan(key: Uint8Array<ArrayBuffer>, value: string): Plan | VerifyProblem {
  const pairs = commaPairs(value);
  const timestamp = pairs.find(([name]) => name === 't')?.[1];
  const signatures = pairs.filter(([name]) => name === 'v1').map(([, signature]) => signature);
  if (!timestamp || signatures.length === 0) return { problem: 'stripe-malformed' };
  return {
    hash: 'SHA-256',
    key,
    header: 'Stripe-Signature',
    signedPrefix: `${timestamp}.`,
    encoding: 'hex',
    label: 'v1=',
    received: signatures.map((signature) => `v1=${signature}`),
    candidates: signatures,
    timestamp,
  };
}

function slackPlan(key: Uint8Array<ArrayBuffer>, value: string, headers: HeaderMap): Plan | VerifyProblem {
  const timestamp = headerValue(headers, 'X-Slack-Request-Timestamp');
  if (!timestamp) return { problem: 'missing-header', header: 'X-Slack-Request-Timestamp' };
  const plan = labelled('SHA-256', key, 'X-Slack-Signature', value, 'v0=', 'hex');
  return { ...plan, signedPrefix: `v0:${timestamp}:`, timestamp };
}

/** The HMAC key of a Standard Webhooks secret (whsec_<base64>), or null when it is not base64. */
export function standardWebhooksKey(secret: string): Uint8Array<ArrayBuffer> | null {
  const key = base64ToBytes(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  return key && key.length > 0 ? key : null;
}

/** The HMAC key a secret gives under a scheme: its UTF-8 bytes, or null when it cannot be a key. */
export function secretKey(scheme: Scheme, secret: string): Uint8Array<ArrayBuffer> | null {
  return scheme === 'standard-webhooks' ? standardWebhooksKey(secret) : utf8Bytes(secret);
}

function standardPlan(
  key: Uint8Array<ArrayBuffer> | null,
  value: string,
  headers: HeaderMap,
): Plan | VerifyProblem {
  const id = headerValue(headers, 'webhook-id');
  const timestamp = headerValue(headers, 'webhook-timestamp');
  if (!id) return { problem: 'missing-header', header: 'webhook-id' };
  if (!timestamp) return { problem: 'missing-header', header: 'webhook-timestamp' };
  if (!key) return { problem: 'standard-secret-malformed' };
  const received = value.split(' ').filter(Boolean);
  return {
    hash: 'SHA-256',
    key,
    header: 'webhook-signature',
    signedPrefix: `${id}.${timestamp}.`,
    encoding: 'base64',
    label: 'v1,',
    received,
    // Other versions (v1a: asymmetric) are not HMAC and are left out.
    candidates: received.filter((entry) => entry.startsWith('v1,')).map((entry) => entry.slice(3)),
    timestamp,
  };
}

/** How `input.scheme` checks this request, or why it cannot. */
export function planFor(input: VerifyInput): Plan | VerifyProblem {
  const { scheme, headers, secret, custom } = input;
  if (secret === '') return { problem: 'no-secret' };
  const header = scheme === 'custom' ? (custom?.header.trim() ?? '') : SIGNATURE_HEADERS[scheme];
  if (!header) return { problem: 'no-header-name' };
  const value = headerValue(headers, header);
  if (!value) return { problem: 'missing-header', header };
  const key = input.key === undefined ? secretKey(scheme, secret) : input.key;
  if (scheme === 'standard-webhooks') return standardPlan(key, value, headers);
  // Only a Standard Webhooks secret can fail to be a key.
  if (!key) return { problem: 'no-secret' };
  switch (scheme) {
    case 'github-sha256':
      return labelled('SHA-256', key, header, value, 'sha256=', 'hex');
    case 'github-sha1':
      return labelled('SHA-1', key, header, value, 'sha1=', 'hex');
    case 'shopify':
      return labelled('SHA-256', key, header, value, '', 'base64');
    case 'stripe':
      return stripePlan(key, value);
    case 'slack':
      return slackPlan(key, value, headers);
    case 'custom':
      return labelled(
        custom?.hash ?? 'SHA-256',
        key,
        header,
        value,
        custom?.prefix ?? '',
        custom?.encoding ?? 'hex',
      );
  }
}
