/**
 * The command lines of the commands that read or test one inspector's requests: replay, wait and
 * conformance. Each takes the webhook URL first; replay --all and wait search as the inspector does.
 */
import {
  FAIL_FIRST_DEFAULT,
  FAIL_FIRST_MAX,
  RUN_MINUTES_DEFAULT,
  RUN_MINUTES_MAX,
} from '../shared/conformance.js';
import { isValidPathGlob } from '../shared/path-glob.js';
import {
  matchOption,
  noMore,
  keyOption,
  parseHttpUrl,
  parseWebhookUrl,
  UsageError,
  type ReadArgs,
} from './command-line.js';

export const WAIT_COUNT_MAX = 1000;
const METHOD_LIST = /^[A-Za-z][A-Za-z-]*(,[A-Za-z][A-Za-z-]*)*$/;

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

export function parseReplay([webhook, eventId, ...extra]: string[], read: ReadArgs): ReplayCommand {
  const to = read.values.get('to');
  if (!webhook) throw new UsageError('the webhook URL is missing');
  if (to === undefined) throw new UsageError('--to <target URL> is missing');
  const webhookUrl = parseWebhookUrl(webhook);
  const target = parseHttpUrl(to, 'target URL');
  const key = keyOption(read);
  noMore(extra);
  if (read.flags.has('all')) {
    if (eventId !== undefined) throw new UsageError('give an event id or --all, not both');
    return {
      command: 'replay',
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
  return { command: 'replay', webhookUrl, eventId: Number(eventId), target, key };
}

function rateOption(read: ReadArgs): number {
  const raw = read.values.get('rate');
  if (raw === undefined) return REPLAY_ALL_DEFAULT_RATE;
  if (!/^[1-9][0-9]*$/.test(raw)) throw new UsageError('--rate needs a whole number of requests a minute');
  return Number(raw);
}

/** `--match` and `--method`, checked as the search takes them. */
function searchOptions(read: ReadArgs): { match?: string; method?: string } {
  const match = matchOption(read);
  const method = read.values.get('method');
  if (method !== undefined && !METHOD_LIST.test(method)) {
    throw new UsageError('--method must be HTTP methods separated by commas, such as POST or GET,POST');
  }
  return { ...(match !== undefined ? { match } : {}), ...(method !== undefined ? { method } : {}) };
}

export function parseWait([webhook, ...extra]: string[], read: ReadArgs): WaitCommand {
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

export function parseConformance([webhook, ...extra]: string[], read: ReadArgs): ConformanceCommand {
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
