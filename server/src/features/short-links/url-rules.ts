/**
 * What the server accepts as a link's destination: the form's rule, then what only the server
 * can judge (a real http(s) address, no credentials, no loop back into its own short links).
 */
import {
  INVALID_URL_MESSAGE,
  MAX_URL_LENGTH,
  URL_TOO_LONG_MESSAGE,
  isValidLongUrl,
} from '../../../../shared/links.js';
import { InvalidInputError } from '../../http/errors.js';

function hasControlCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function normalizeHostname(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '');
}

function parseUrl(url: string): URL {
  try {
    return new URL(url);
  } catch {
    throw new InvalidInputError(INVALID_URL_MESSAGE);
  }
}

/**
 * True when the path would reach this server's short-link route: decoded and with repeated
 * slashes collapsed, because a router may see `/%73/x` or `//s/x` as `/s/x`.
 */
function isShortLinkPath(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape is not decoded by the router either.
  }
  return decoded
    .replace(/\/{2,}/g, '/')
    .toLowerCase()
    .startsWith('/s/');
}

/** True when the host is on the list or below one of its entries (`ads.example.com` below `example.com`). */
export function isBlockedHost(hostname: string, blockedHosts: readonly string[]): boolean {
  const host = normalizeHostname(hostname);
  return blockedHosts.some((blocked) => host === blocked || host.endsWith(`.${blocked}`));
}

/**
 * Checks a destination and returns it trimmed, as it is stored. `ownHostnames` are the names this
 * server answers to (the request's host, PUBLIC_URL's host); `blockedHosts` come from BLOCKED_HOSTS.
 * Throws InvalidInputError with a message meant for a person.
 */
export function checkLongUrl(
  value: string,
  ownHostnames: readonly string[],
  blockedHosts: readonly string[] = [],
): string {
  const url = value.trim();
  if (!isValidLongUrl(url)) throw new InvalidInputError(INVALID_URL_MESSAGE);
  if (url.length > MAX_URL_LENGTH) throw new InvalidInputError(URL_TOO_LONG_MESSAGE);
  if (hasControlCharacters(url)) {
    throw new InvalidInputError('The URL contains control characters such as line breaks.');
  }
  const parsed = parseUrl(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new InvalidInputError(INVALID_URL_MESSAGE);
  }
  if (parsed.username || parsed.password) {
    throw new InvalidInputError('Links with a user name or password in them cannot be shortened.');
  }
  const own = new Set(ownHostnames.map(normalizeHostname));
  if (own.has(normalizeHostname(parsed.hostname)) && isShortLinkPath(parsed.pathname)) {
    throw new InvalidInputError('This is already a short link of this site; shorten the page it leads to.');
  }
  if (isBlockedHost(parsed.hostname, blockedHosts)) {
    throw new InvalidInputError(
      `Links to ${normalizeHostname(parsed.hostname)} cannot be shortened on this site.`,
    );
  }
  return url;
}

/** The Location header value: non-ASCII characters percent-encoded and the host in punycode. */
export function locationOf(url: string): string {
  return new URL(url).href;
}
