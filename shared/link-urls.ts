/**
 * What a short link's addresses may be: the long URL's rule, aliases (and the words reserved by
 * the site), external ids and the limits on options. The bottom of the link modules: imports only
 * zod, so that every link-* module can build on it. Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';

export const MAX_URL_LENGTH = 2048;
export const INVALID_URL_MESSAGE = 'Please enter a valid URL starting with http:// or https://';
export const URL_TOO_LONG_MESSAGE = `The URL is too long: at most ${MAX_URL_LENGTH.toLocaleString('en-US')} characters.`;
const LONG_URL_PATTERN = /^https?:\/\/.+\..+/;

/** The form's rule: non-empty after trimming, http:// or https://, then some text, a dot and more text. */
export function isValidLongUrl(value: unknown): boolean {
  return typeof value === 'string' && LONG_URL_PATTERN.test(value.trim());
}

export const ALIAS_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;
export const ALIAS_RULE_MESSAGE =
  'An alias is 3 to 64 letters, digits, hyphens (-) or underscores (_), e.g. my-launch-2025.';
export const RESERVED_ALIAS_MESSAGE = 'This alias is reserved by the site; choose another.';
export const MAX_PASSWORD_LENGTH = 200;
/** Far beyond any campaign; keeps the number a safe integer in every store. */
export const MAX_CLICKS_LIMIT = 1_000_000_000;

/**
 * Words that name the site's own paths, pages and tools, compared without case: an alias such as
 * "Admin" would read like part of the site.
 */
export const RESERVED_ALIASES: readonly string[] = [
  'about',
  'admin',
  'analytics',
  'api',
  'app',
  'assets',
  'bulk',
  'cli',
  'cron-scheduler',
  'dashboard',
  'favicon',
  'healthz',
  'help',
  'hookbay',
  'login',
  'logout',
  'privacy',
  'request-parser',
  's',
  'settings',
  'socket-io',
  'socket_io',
  'static',
  'suggestions',
  'support',
  'terms',
  'url-shortener',
  'urlshortener',
  'webhook',
  'webhooks',
  'www',
];

/** True when the alias is one of RESERVED_ALIASES, whatever its case. */
export function isReservedAlias(alias: string): boolean {
  return RESERVED_ALIASES.includes(alias.toLowerCase());
}

export const EXTERNAL_ID_PATTERN = /^[\x20-\x7E]{1,128}$/;
export const EXTERNAL_ID_RULE_MESSAGE =
  'An externalId is 1 to 128 printable ASCII characters (letters, digits, spaces and punctuation).';

/** An id of the owner's own for a link, unique within the session. */
export const externalIdSchema = z
  .string({ error: EXTERNAL_ID_RULE_MESSAGE })
  .regex(EXTERNAL_ID_PATTERN, EXTERNAL_ID_RULE_MESSAGE);

/** A long URL as a body carries it: trimmed, then held to the form's rule and the length limit. */
export const longUrlSchema = z
  .string({ error: INVALID_URL_MESSAGE })
  .trim()
  .refine(isValidLongUrl, INVALID_URL_MESSAGE)
  .refine((url) => url.length <= MAX_URL_LENGTH, URL_TOO_LONG_MESSAGE);
