/**
 * The pieces every command's parsing shares: the arguments split into positional ones and options,
 * the usage error (a one-line reason and exit code 2), and webhook URLs, target URLs and keys checked.
 */
import { KEY_PREFIX } from '../shared/access.js';
import { SEARCH_TEXT_MAX } from '../shared/event-search.js';
import type { CommandName } from './help-parts.js';

export class UsageError extends Error {
  /** The command whose usage to show beside the reason, when it is known. */
  command: CommandName | null = null;
}

/** Every option, with what its value is called in a "needs …" message; null for a flag. */
const OPTIONS: Record<string, string | null> = {
  to: 'a target URL',
  respond: null,
  key: 'a key',
  match: 'a search text',
  method: 'a method',
  count: 'a number',
  timeout: 'a number of seconds',
  after: 'an event id or now',
  server: 'an origin',
  port: 'a port',
  host: 'an address',
  all: null,
  rate: 'a number of requests a minute',
  path: 'a path glob',
  'fail-first': 'a number',
  'fail-with': 'a status, timeout or reset',
  minutes: 'a number of minutes',
  'until-messages': 'a number',
  name: 'a name',
  responses: 'a JSON file',
  expires: 'a duration',
  'max-requests': 'a number',
  private: null,
};

export interface ReadArgs {
  positional: string[];
  /** Positional arguments (name null) and options with a value, in the order given. */
  sequence: { name: string | null; value: string }[];
  /** Each option's value; the last one given when it is given twice. */
  values: Map<string, string>;
  flags: Set<string>;
  wantsHelp: boolean;
  wantsVersion: boolean;
}

/** Splits the arguments into positional ones and known options (`--name value`, `--name=value`, flags). */
export function readArgs(args: string[]): ReadArgs {
  const read: ReadArgs = {
    positional: [],
    sequence: [],
    values: new Map(),
    flags: new Set(),
    wantsHelp: false,
    wantsVersion: false,
  };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === '--help' || arg === '-h') read.wantsHelp = true;
    else if (arg === '--version') read.wantsVersion = true;
    else if (arg.startsWith('--')) {
      const equals = arg.indexOf('=');
      const name = arg.slice(2, equals === -1 ? undefined : equals);
      const needs = OPTIONS[name];
      if (needs === undefined) throw new UsageError(`unknown option --${name}`);
      if (needs === null) {
        if (equals !== -1) throw new UsageError(`--${name} takes no value`);
        read.flags.add(name);
        continue;
      }
      const value = equals === -1 ? args[++index] : arg.slice(equals + 1);
      if (value === undefined) throw new UsageError(`--${name} needs ${needs}`);
      read.values.set(name, value);
      read.sequence.push({ name, value });
    } else if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option ${arg}`);
    else {
      read.positional.push(arg);
      read.sequence.push({ name: null, value: arg });
    }
  }
  return read;
}

export function noMore(extra: string[]): void {
  if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`);
}

/** `--match`, checked as the inspector's search takes it; undefined when it was not given. */
export function matchOption(read: ReadArgs): string | undefined {
  const match = read.values.get('match');
  if (match === '') throw new UsageError('--match needs a search text');
  if (match !== undefined && match.length > SEARCH_TEXT_MAX) {
    throw new UsageError(`--match is longer than ${SEARCH_TEXT_MAX} characters`);
  }
  return match;
}

/** A Hookbay key: `hbk_` and more. The server says whether it is a valid one. */
export function chooseKey(option: string | undefined, env: string | undefined): string | undefined {
  const key = option ?? (env ? env.trim() : undefined);
  if (key === undefined || key === '') return undefined;
  if (!key.startsWith(KEY_PREFIX)) {
    throw new UsageError(
      `${option === undefined ? 'HOOKBAY_KEY' : '--key'} is not a Hookbay key (they start with ${KEY_PREFIX})`,
    );
  }
  return key;
}

/** The option's value checked as a Hookbay key, or undefined when it was not given. */
export function keyOption(read: ReadArgs): string | undefined {
  return chooseKey(read.values.get('key'), undefined);
}

/**
 * The Hookbay server an option or HOOKBAY_SERVER names: its origin, with a path prefix if it has
 * one, without a trailing slash. Throws UsageError for anything but an http(s) URL.
 */
export function parseServer(text: string, what: string): string {
  const url = parseHttpUrl(text, `${what} value`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function parseHttpUrl(text: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`the ${what} is not a URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`the ${what} must start with http:// or https://`);
  }
  return url;
}

export function parseWebhookUrl(text: string): URL {
  const url = parseHttpUrl(text, 'webhook URL');
  sessionIdOf(url);
  return url;
}

/** The session id in a webhook URL's path (`…/webhook/{sessionId}`). */
export function sessionIdOf(webhookUrl: URL): string {
  const match = /\/webhook\/([^/?#]+)/.exec(webhookUrl.pathname);
  if (!match?.[1]) throw new UsageError(`not a webhook URL (no /webhook/<session id> in it): ${webhookUrl}`);
  return decodeURIComponent(match[1]);
}

/** Where the Hookbay API lives: everything before `/webhook/` (so a server under a path prefix works). */
export function apiBaseOf(webhookUrl: URL): string {
  const path = webhookUrl.pathname.slice(0, webhookUrl.pathname.indexOf('/webhook/'));
  return `${webhookUrl.origin}${path}`;
}
