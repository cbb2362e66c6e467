/**
 * API keys and private sessions, as the server, the web app and the tests see them. A key is
 * `hbk_<id>_<secret>`: the id names it in lists and revocations (a browser can tell its own key
 * apart), the secret carries 256 random bits. The server keeps only the key's SHA-256.
 */
import { z } from 'zod';
import type { SessionUser } from './sessions.js';

export const KEY_PREFIX = 'hbk_';
export const MAX_KEYS_PER_SESSION = 20;
export const KEY_NAME_MAX = 60;

/** `hbk_`, 16 hex digits of id, `_`, 43 base64url characters of secret. */
const KEY_PATTERN = /^hbk_([0-9a-f]{16})_[A-Za-z0-9_-]{43}$/;

/** True for a string shaped like a Hookbay key (it may still be unknown or revoked). */
export function isKeyShaped(value: unknown): value is string {
  return typeof value === 'string' && KEY_PATTERN.test(value);
}

/** The id of a key-shaped string, or null. */
export function keyIdOf(key: string): string | null {
  return KEY_PATTERN.exec(key)?.[1] ?? null;
}

/** `full`: everything the session may do; `read`: list, read, search, export and wait, nothing else. */
export const KEY_SCOPES = ['full', 'read'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

export const keyNameSchema = z.object({
  name: z
    .string({ error: 'name: give the key a name of 1 to 60 characters' })
    .trim()
    .min(1, 'name: give the key a name of 1 to 60 characters')
    .max(KEY_NAME_MAX, 'name: at most 60 characters'),
  scope: z.enum(KEY_SCOPES, { error: 'scope must be full or read' }).default('full'),
});

export const keyIdSchema = z.object({ id: z.string().min(1).max(100) });

export const privacyBodySchema = z.object({
  private: z.boolean({ error: 'private must be true or false' }),
});

/** A key as listed: never the key itself. Times are ISO 8601. */
export interface ApiKey {
  id: string;
  name: string;
  scope: KeyScope;
  createdAt: string;
  /** Updated at most once a minute while the key is used; null until first used. */
  lastUsedAt: string | null;
}

/** The answer to creating a key: the only time `key` is ever shown. */
export interface NewApiKey {
  id: string;
  name: string;
  scope: KeyScope;
  key: string;
  createdAt: string;
}

export interface Privacy {
  private: boolean;
}

/** `POST /api/user`: `private` is present (true) only for a private session. */
export interface SessionStart extends SessionUser {
  private?: true;
}

/** The Authorization header value that sends a key. */
export function bearer(key: string): string {
  return `Bearer ${key}`;
}

/** The key an Authorization header sends (`Bearer <key>`), '' for a Bearer without one, null for none or another scheme. */
export function bearerTokenOf(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer(?:\s+(\S*))?\s*$/i.exec(header.trim());
  if (!match) return null;
  return match[1] ?? '';
}

const ACCESS_LINK_PARAM = 'key';

/**
 * A link that hands the key to another browser: the key rides in the fragment, which browsers
 * never send to a server, so it stays out of every access log.
 */
export function accessLinkUrl(origin: string, key: string): string {
  return `${origin}/webhook#${ACCESS_LINK_PARAM}=${key}`;
}

/** The key an access link's fragment (`#key=…`) carries, or null. */
export function keyFromFragment(hash: string): string | null {
  for (const part of hash.replace(/^#/, '').split('&')) {
    const [name, value] = part.split('=');
    if (name === ACCESS_LINK_PARAM && isKeyShaped(value)) return value;
  }
  return null;
}
