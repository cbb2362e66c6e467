/**
 * Reads the command line: which command, its arguments and options, each checked, so that a
 * mistake ends in a one-line reason and exit code 2 before anything is sent anywhere.
 */
import { KEY_PREFIX } from '../shared/access.js';
import {
  FAIL_FIRST_DEFAULT,
  FAIL_FIRST_MAX,
  RUN_MINUTES_DEFAULT,
  RUN_MINUTES_MAX,
} from '../shared/conformance.js';
import { isValidPathGlob } from '../shared/path-glob.js';
import { inspectorNameProblem, MAX_REQUESTS_CAP, parseDuration } from '../shared/inspectors.js';
import { COMMANDS, type CommandName } from './usage.js';

export class UsageError extends Error {
  /** The command whose usage to show beside the reason, when it is known. */
  command: CommandName | null = null;
}

export const WAIT_COUNT_MAX = 1000;
export const SEARCH_TEXT_MAX = 200;
const METHOD_LIST = /^[A-Za-z][A-Za-z-]*(,[A-Za-z][A-Za-z-]*)*$/;

export interface ForwardCommand {
  command: 'forward';
  webhookUrl: URL;
  target: URL;
  respond: boolean;
  key?: string;
}

/** `hookbay replay --all`: every request matching the search, oldest first, at most `perMinute` a minute. */
export interface ReplayAll {
  match?: string;
  method?: string;
  perMinute: number;
}

/** One request by id, or (`--all`) every request the search matches. */
export type ReplayCommand = { command: 'replay'; webhookUrl: URL; target: URL; key?: string } & (
  { eventId: number } | { all: ReplayAll }
);

/** `hookbay replay --all` sends this many requests a minute unless `--rate` says otherwise. */
export const REPLAY_ALL_DEFAULT_RATE = 600;

export interface WaitCommand {
  command: 'wait';
  webhookUrl: URL;
  match?: string;
  method?: string;
  count: number;
  timeoutSeconds: number;
  /** An event id, `now` (the newest id when the command starts), or undefined: every stored event. */
  after?: number | 'now';
  key?: string;
}

export interface ConformanceCommand {
  command: 'conformance';
  webhookUrl: URL;
  /** Glob over the sub-path below the webhook URL. */
  path: string;
  failFirst: number;
  /** `500`-style status or a fault. */
  failWith: { status: number } | { fault: 'timeout' | 'reset' };
  minutes: number;
  /** Stop (and disarm) once this many messages got through; undefined: wait for the run's end. */
  untilMessages?: number;
  key?: string;
}

export interface McpCommand {
  command: 'mcp';
  webhookUrl?: URL;
  /** Where to start a new session when no webhook URL is given (`--server`, else HOOKBAY_SERVER). */
  server?: string;
  key?: string;
}

export interface NewCommand {
  command: 'new';
  /** Where to make the inspector (`--server`, else HOOKBAY_SERVER, else http://localhost:3000). */
  server?: string;
  name?: string;
  /** A JSON file of response rules: `[...]` or `{"rules": [...]}`. */
  responsesFile?: string;
  /** A duration such as 2h. */
  expires?: string;
  maxRequests?: number;
  isPrivate: boolean;
}

export interface ServeCommand {
  command: 'serve';
  port?: number;
  host?: string;
}

export interface HelpCommand {
  command: 'help';
  topic: CommandName | null;
}

export interface VersionCommand {
  command: 'version';
}

export type Command =
  | ForwardCommand
  | ReplayCommand
  | WaitCommand
  | ConformanceCommand
  | McpCommand
  | NewCommand
  | ServeCommand
  | HelpCommand
  | VersionCommand;

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

const COMMAND_OPTIONS: Record<CommandName, string[]> = {
  forward: ['to', 'respond', 'key'],
  replay: ['to', 'key', 'all', 'match', 'method', 'rate'],
  wait: ['match', 'method', 'count', 'timeout', 'after', 'key'],
  conformance: ['path', 'fail-first', 'fail-with', 'minutes', 'until-messages', 'key'],
  mcp: ['server', 'key'],
  new: ['name', 'responses', 'expires', 'max-requests', 'private', 'server'],
  serve: ['port', 'host'],
};

interface ReadArgs {
  positional: string[];
  values: Map<string, string>;
  flags: Set<string>;
  wantsHelp: boolean;
  wantsVersion: boolean;
}

/** Splits the arguments into positional ones and known options (`--name value`, `--name=value`, flags). */
function readArgs(args: string[]): ReadArgs {
  const read: ReadArgs = {
    positional: [],
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
    } else if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option ${arg}`);
    else read.positional.push(arg);
  }
  return read;
}

export function isCommandName(name: string | undefined): name is CommandName {
  return name !== undefined && (COMMANDS as readonly string[]).includes(name);
}

/** Options given that the command does not take: named with the commands that do. */
function checkOptionsBelong(command: CommandName, read: ReadArgs): void {
  const allowed = COMMAND_OPTIONS[command];
  for (const name of [...read.values.keys(), ...read.flags]) {
    if (allowed.includes(name)) continue;
    const owners = COMMANDS.filter((other) => COMMAND_OPTIONS[other].includes(name));
    throw new UsageError(`--${name} belongs to ${owners.join(' and ')}`);
  }
}

/**
 * Reads the command line (without `node` and the script). Throws UsageError when it is wrong.
 * `--help`/`-h` anywhere, or `help [command]`, asks for help instead.
 */
export function parseArgs(args: string[]): Command {
  const read = readArgs(args);
  const [command, ...rest] = read.positional;
  if (command === 'help') {
    const topic = rest[0];
    if (topic !== undefined && !isCommandName(topic)) throw new UsageError(`unknown command ${topic}`);
    return { command: 'help', topic: topic ?? null };
  }
  if (read.wantsHelp) return { command: 'help', topic: isCommandName(command) ? command : null };
  if (read.wantsVersion && command === undefined) return { command: 'version' };
  if (!isCommandName(command)) {
    throw new UsageError(command ? `unknown command ${command}` : 'no command given');
  }
  try {
    checkOptionsBelong(command, read);
    return parseCommand(command, rest, read);
  } catch (error) {
    if (error instanceof UsageError) error.command = command;
    throw error;
  }
}

function parseCommand(command: CommandName, rest: string[], read: ReadArgs): Command {
  switch (command) {
    case 'forward':
    case 'replay':
      return parseSendCommand(command, rest, read);
    case 'wait':
      return parseWait(rest, read);
    case 'conformance':
      return parseConformance(rest, read);
    case 'mcp':
      return parseMcp(rest, read);
    case 'new':
      return parseNew(rest, read);
    case 'serve':
      return parseServe(rest, read);
  }
}

function noMore(extra: string[]): void {
  if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`);
}

/** The option's value checked as a Hookbay key, or undefined when it was not given. */
function keyOption(read: ReadArgs): string | undefined {
  const key = read.values.get('key');
  if (key !== undefined) chooseKey(key, undefined);
  return key;
}

function parseSendCommand(
  command: 'forward' | 'replay',
  [webhook, eventId, ...extra]: string[],
  read: ReadArgs,
): ForwardCommand | ReplayCommand {
  const to = read.values.get('to');
  if (!webhook) throw new UsageError('the webhook URL is missing');
  if (to === undefined) throw new UsageError('--to <target URL> is missing');
  const webhookUrl = parseWebhookUrl(webhook);
  const target = parseHttpUrl(to, 'target URL');
  const key = keyOption(read);
  const respond = read.flags.has('respond');
  if (command === 'forward') {
    noMore(eventId === undefined ? [] : [eventId]);
    return { command, webhookUrl, target, respond, key };
  }
  noMore(extra);
  if (read.flags.has('all')) {
    if (eventId !== undefined) throw new UsageError('give an event id or --all, not both');
    return {
      command,
      webhookUrl,
      all: { ...searchOptions(read), perMinute: rateOption(read) },
      target,
      key,
    };
  }
  if (read.values.has('match') || read.values.has('method') || read.values.has('rate')) {
    throw new UsageError('--match, --method and --rate go with --all');
  }
  if (eventId === undefined || !/^[1-9][0-9]*$/.test(eventId)) {
    throw new UsageError('replay needs the event id (a whole number), or --all');
  }
  return { command, webhookUrl, eventId: Number(eventId), target, key };
}

function rateOption(read: ReadArgs): number {
  const raw = read.values.get('rate');
  if (raw === undefined) return REPLAY_ALL_DEFAULT_RATE;
  if (!/^[1-9][0-9]*$/.test(raw)) throw new UsageError('--rate needs a whole number of requests a minute');
  return Number(raw);
}

/** `--match` and `--method`, checked as the search takes them. */
function searchOptions(read: ReadArgs): { match?: string; method?: string } {
  const match = read.values.get('match');
  if (match === '') throw new UsageError('--match needs a search text');
  if (match !== undefined && match.length > SEARCH_TEXT_MAX) {
    throw new UsageError(`--match is longer than ${SEARCH_TEXT_MAX} characters`);
  }
  const method = read.values.get('method');
  if (method !== undefined && !METHOD_LIST.test(method)) {
    throw new UsageError('--method must be HTTP methods separated by commas, such as POST or GET,POST');
  }
  return { ...(match !== undefined ? { match } : {}), ...(method !== undefined ? { method } : {}) };
}

function parseWait([webhook, ...extra]: string[], read: ReadArgs): WaitCommand {
  if (!webhook) throw new UsageError('the webhook URL is missing');
  const webhookUrl = parseWebhookUrl(webhook);
  noMore(extra);
  const { match, method } = searchOptions(read);
  const count = read.values.get('count') ?? '1';
  if (!/^[1-9][0-9]*$/.test(count) || Number(count) > WAIT_COUNT_MAX) {
    throw new UsageError(`--count must be a whole number from 1 to ${WAIT_COUNT_MAX}`);
  }
  const timeout = read.values.get('timeout') ?? '30';
  if (!/^[0-9]+(\.[0-9]+)?$/.test(timeout)) {
    throw new UsageError('--timeout must be a number of seconds, such as 60 or 0.5');
  }
  const after = read.values.get('after');
  if (after !== undefined && after !== 'now' && !/^[0-9]+$/.test(after)) {
    throw new UsageError('--after must be an event id or now');
  }
  return {
    command: 'wait',
    webhookUrl,
    match,
    method: method?.toUpperCase(),
    count: Number(count),
    timeoutSeconds: Number(timeout),
    after: after === undefined || after === 'now' ? after : Number(after),
    key: keyOption(read),
  };
}

/** A whole number from `min` to `max`, or `fallback` when the option was not given. */
function wholeNumber(read: ReadArgs, name: string, min: number, max: number, fallback: number): number {
  const text = read.values.get(name);
  if (text === undefined) return fallback;
  if (!/^[0-9]+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  }
  return Number(text);
}

function parseConformance([webhook, ...extra]: string[], read: ReadArgs): ConformanceCommand {
  if (!webhook) throw new UsageError('the webhook URL is missing');
  const webhookUrl = parseWebhookUrl(webhook);
  noMore(extra);
  const path = read.values.get('path') ?? '*';
  if (!isValidPathGlob(path)) {
    throw new UsageError('--path must start with / or *, with no spaces, ? or #, for example /github/*');
  }
  const failWithText = read.values.get('fail-with') ?? '500';
  let failWith: ConformanceCommand['failWith'];
  if (failWithText === 'timeout' || failWithText === 'reset') failWith = { fault: failWithText };
  else if (/^[45][0-9][0-9]$/.test(failWithText)) failWith = { status: Number(failWithText) };
  else throw new UsageError('--fail-with must be a status from 400 to 599, timeout or reset');
  const untilMessages = read.values.has('until-messages')
    ? wholeNumber(read, 'until-messages', 1, 1000, 1)
    : undefined;
  return {
    command: 'conformance',
    webhookUrl,
    path,
    failFirst: wholeNumber(read, 'fail-first', 0, FAIL_FIRST_MAX, FAIL_FIRST_DEFAULT),
    failWith,
    minutes: wholeNumber(read, 'minutes', 1, RUN_MINUTES_MAX, RUN_MINUTES_DEFAULT),
    untilMessages,
    key: keyOption(read),
  };
}

function parseMcp([webhook, ...extra]: string[], read: ReadArgs): McpCommand {
  noMore(extra);
  const server = read.values.get('server');
  if (webhook !== undefined && server !== undefined) {
    throw new UsageError('give a webhook URL or --server, not both');
  }
  return {
    command: 'mcp',
    webhookUrl: webhook === undefined ? undefined : parseWebhookUrl(webhook),
    server: server === undefined ? undefined : parseServer(server, '--server'),
    key: keyOption(read),
  };
}

function parseNew(positional: string[], read: ReadArgs): NewCommand {
  noMore(positional);
  const server = read.values.get('server');
  const name = read.values.get('name');
  const nameProblem = name === undefined ? null : inspectorNameProblem(name);
  if (nameProblem) throw new UsageError(`--name: ${nameProblem}`);
  const expires = read.values.get('expires');
  if (expires !== undefined && parseDuration(expires) === null) {
    throw new UsageError('--expires must be a duration such as 30m, 2h or 7d');
  }
  const max = read.values.get('max-requests');
  if (max !== undefined && (!/^[0-9]+$/.test(max) || Number(max) > MAX_REQUESTS_CAP)) {
    throw new UsageError(`--max-requests must be a whole number from 0 to ${MAX_REQUESTS_CAP}`);
  }
  return {
    command: 'new',
    server: server === undefined ? undefined : parseServer(server, '--server'),
    name,
    responsesFile: read.values.get('responses'),
    expires,
    maxRequests: max === undefined ? undefined : Number(max),
    isPrivate: read.flags.has('private'),
  };
}

function parseServe(positional: string[], read: ReadArgs): ServeCommand {
  noMore(positional);
  const port = read.values.get('port');
  if (port !== undefined && (!/^[0-9]+$/.test(port) || Number(port) > 65_535)) {
    throw new UsageError('--port must be a port number from 0 to 65535');
  }
  const host = read.values.get('host');
  if (host === '') throw new UsageError('--host needs an address');
  return { command: 'serve', port: port === undefined ? undefined : Number(port), host };
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

function parseWebhookUrl(text: string): URL {
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
