/**
 * Webhook signature checks over a stored request's raw body bytes, with the schemes the web app's
 * "Verify signature" offers: GitHub (SHA-256 and SHA-1), Stripe, Shopify, Slack, Standard Webhooks
 * and any HMAC in a header of your choice. Signatures are compared as decoded bytes, so hex in
 * another case or base64 without padding still match.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { headerValue, type Provider } from '../../shared/providers.js';
import type { HeaderMap } from '../../shared/webhooks.js';

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

/** Stripe, Slack and Standard Webhooks refuse a signed timestamp older than this. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/** The generic HMAC check: any header, any of the three hashes, hex or base64, an optional prefix. */
export interface CustomHmac {
  header: string;
  hash: Hash;
  encoding: SignatureEncoding;
  /** Text before the signature in the header, such as "sha256="; matched without regard to case. */
  prefix: string;
}

export interface VerifyInput {
  scheme: Scheme;
  headers: HeaderMap;
  body: Buffer;
  secret: string;
  custom?: CustomHmac;
  /** Milliseconds since the epoch, for the timestamp's age. */
  now: number;
}

export interface VerifyResult {
  valid: boolean;
  scheme: Scheme;
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

interface Plan {
  hash: Hash;
  key: Buffer;
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

const SIGNATURE_HEADERS: Record<Exclude<Scheme, 'custom'>, string> = {
  'github-sha256': 'X-Hub-Signature-256',
  'github-sha1': 'X-Hub-Signature',
  stripe: 'Stripe-Signature',
  shopify: 'X-Shopify-Hmac-Sha256',
  slack: 'X-Slack-Signature',
  'standard-webhooks': 'webhook-signature',
};

const missingHeader = (name: string) => `The request has no ${name} header.`;

/** The scheme of a request's sender: its provider's own, else null (the caller names a header). */
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

/** Hex in either case to bytes; null when it is not an even run of hex digits. */
export function hexToBytes(hex: string): Buffer | null {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  return Buffer.from(hex, 'hex');
}

/** Standard or URL-safe base64, padding optional; null when it is not base64. */
export function base64ToBytes(base64: string): Buffer | null {
  const standard = base64.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(standard) || standard.length % 4 === 1) return null;
  return Buffer.from(standard, 'base64');
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
  key: Buffer,
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

function stripePlan(key: Buffer, value: string): Plan | VerifyProblem {
  const pairs = commaPairs(value);
  const timestamp = pairs.find(([name]) => name === 't')?.[1];
  const signatures = pairs.filter(([name]) => name === 'v1').map(([, signature]) => signature);
  if (!timestamp || signatures.length === 0) {
    return { problem: 'Stripe-Signature should hold t=<timestamp> and at least one v1=<signature>.' };
  }
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

function slackPlan(key: Buffer, value: string, headers: HeaderMap): Plan | VerifyProblem {
  const timestamp = headerValue(headers, 'X-Slack-Request-Timestamp');
  if (!timestamp) return { problem: missingHeader('X-Slack-Request-Timestamp') };
  const plan = labelled('SHA-256', key, 'X-Slack-Signature', value, 'v0=', 'hex');
  return { ...plan, signedPrefix: `v0:${timestamp}:`, timestamp };
}

function standardPlan(secret: string, value: string, headers: HeaderMap): Plan | VerifyProblem {
  const id = headerValue(headers, 'webhook-id');
  const timestamp = headerValue(headers, 'webhook-timestamp');
  if (!id) return { problem: missingHeader('webhook-id') };
  if (!timestamp) return { problem: missingHeader('webhook-timestamp') };
  const key = base64ToBytes(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  if (!key || key.length === 0) {
    return { problem: 'A Standard Webhooks secret is base64, usually written whsec_<base64>.' };
  }
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

function planFor(input: VerifyInput): Plan | VerifyProblem {
  const { scheme, headers, secret, custom } = input;
  const header = scheme === 'custom' ? (custom?.header.trim() ?? '') : SIGNATURE_HEADERS[scheme];
  if (!header) return { problem: 'Name the header that holds the signature (header).' };
  const value = headerValue(headers, header);
  if (!value) return { problem: missingHeader(header) };
  const key = Buffer.from(secret, 'utf8');
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
    case 'standard-webhooks':
      return standardPlan(secret, value, headers);
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

function signedContent(prefix: string, bodyLength: number): string {
  const body = `the raw body (${bodyLength} bytes)`;
  return prefix ? `"${prefix}" followed by ${body}` : body;
}

/**
 * Checks the request's signature with `secret` under `scheme`. Answers a problem when the request
 * lacks what the scheme needs (its signature header, a timestamp) or the secret cannot be a key.
 */
export function verifySignature(input: VerifyInput): VerifyResult | VerifyProblem {
  if (input.secret === '') return { problem: 'Give the signing secret.' };
  const plan = planFor(input);
  if ('problem' in plan) return plan;
  const algorithm = plan.hash.replace('-', '').toLowerCase();
  const digest = createHmac(algorithm, plan.key).update(plan.signedPrefix).update(input.body).digest();
  const valid = plan.candidates.some((candidate) => {
    const bytes = plan.encoding === 'hex' ? hexToBytes(candidate) : base64ToBytes(candidate);
    return bytes !== null && bytes.length === digest.length && timingSafeEqual(bytes, digest);
  });
  const timestamp = plan.timestamp === null ? NaN : Number(plan.timestamp);
  return {
    valid,
    scheme: input.scheme,
    algorithm: `HMAC-${plan.hash.replace('-', '')}`,
    header: plan.header,
    signed: signedContent(plan.signedPrefix, input.body.length),
    expected: plan.label + digest.toString(plan.encoding === 'hex' ? 'hex' : 'base64'),
    received: plan.received,
    ageSeconds: Number.isFinite(timestamp) ? Math.round(input.now / 1000 - timestamp) : null,
  };
}
