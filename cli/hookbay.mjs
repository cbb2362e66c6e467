#!/usr/bin/env node
/**
 * hookbay: forwards the requests captured at a Hookbay webhook URL to a server on your machine.
 *
 *   hookbay forward <webhook URL> --to <target URL> [--respond] [--key <key>]
 *   hookbay replay <webhook URL> <event id> --to <target URL> [--key <key>]
 *
 * One file, no dependencies beyond Node 20, so it can be fetched from any Hookbay server
 * (`curl -sO <origin>/cli/hookbay.mjs`) and run with `node hookbay.mjs`. It reads the session's
 * event stream (GET /api/stream) and sends each event, in order and once, to the target: same
 * method, headers in their original order and case, body byte for byte. With a key (`--key` or
 * HOOKBAY_KEY) it sends `Authorization: Bearer <key>` instead of the session id, which is all a
 * private inspector accepts.
 */
import http from 'node:http';
import https from 'node:https';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';

export const USAGE = `Usage:
  hookbay forward <webhook URL> --to <target URL> [--respond]
      Sends every request captured at the webhook URL to the target, live, in order.
      --respond  the webhook sender gets the target's answer (status, headers, body)
  hookbay replay <webhook URL> <event id> --to <target URL>
      Sends one stored request to the target once and prints the answer.

  --key <key>  (both commands) authenticate with a Hookbay key (hbk_…) instead of the session
      id; a private inspector accepts nothing else. HOOKBAY_KEY in the environment does the same.

The webhook URL is the one Hookbay shows you: https://<host>/webhook/<session id>`;

/** Headers of one connection, not of the message; never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade']);
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 5000;
/** The server sends a keep-alive comment every 15 s; this much silence means the connection is dead. */
const STREAM_IDLE_MS = 45_000;
const TARGET_TIMEOUT_MS = 30_000;

export class UsageError extends Error {}

/**
 * @typedef {{ command: 'forward', webhookUrl: URL, target: URL, respond: boolean, key?: string }
 *   | { command: 'replay', webhookUrl: URL, eventId: number, target: URL, key?: string }} Command
 */

/** A Hookbay key: `hbk_` and more. The server says whether it is a valid one. */
const KEY_START = 'hbk_';

/**
 * The key to send: `--key`, else HOOKBAY_KEY; undefined when there is none. Throws UsageError for
 * something that is no key at all.
 * @param {string | undefined} option
 * @param {string | undefined} env
 */
export function chooseKey(option, env) {
  const key = option ?? (env ? env.trim() : undefined);
  if (key === undefined || key === '') return undefined;
  if (!key.startsWith(KEY_START)) {
    throw new UsageError(
      `${option === undefined ? 'HOOKBAY_KEY' : '--key'} is not a Hookbay key (they start with ${KEY_START})`,
    );
  }
  return key;
}

/**
 * Reads the command line (without `node` and the script). Throws UsageError when it is wrong.
 * @param {string[]} args
 * @returns {Command}
 */
export function parseArgs(args) {
  const positional = [];
  let to = null;
  let respond = false;
  /** @type {string | undefined} */
  let key;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--to') {
      to = args[++index];
      if (to === undefined) throw new UsageError('--to needs a target URL');
    } else if (arg.startsWith('--to=')) to = arg.slice('--to='.length);
    else if (arg === '--key') {
      key = args[++index];
      if (key === undefined) throw new UsageError('--key needs a key');
    } else if (arg.startsWith('--key=')) key = arg.slice('--key='.length);
    else if (arg === '--respond') respond = true;
    else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
    else positional.push(arg);
  }
  const [command, webhook, eventId, ...extra] = positional;
  if (command !== 'forward' && command !== 'replay') {
    throw new UsageError(command ? `unknown command ${command}` : 'no command given');
  }
  if (!webhook) throw new UsageError('the webhook URL is missing');
  if (to === null) throw new UsageError('--to <target URL> is missing');
  const webhookUrl = parseHttpUrl(webhook, 'webhook URL');
  sessionIdOf(webhookUrl);
  const target = parseHttpUrl(to, 'target URL');
  if (key !== undefined) chooseKey(key, undefined);
  if (command === 'forward') {
    if (eventId !== undefined) throw new UsageError(`unexpected argument ${eventId}`);
    return { command, webhookUrl, target, respond, key };
  }
  if (respond) throw new UsageError('--respond belongs to forward');
  if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`);
  if (eventId === undefined || !/^[1-9][0-9]*$/.test(eventId)) {
    throw new UsageError('replay needs the event id (a whole number)');
  }
  return { command, webhookUrl, eventId: Number(eventId), target, key };
}

/**
 * @param {string} text
 * @param {string} what
 */
function parseHttpUrl(text, what) {
  let url;
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

/**
 * The session id in a webhook URL's path (`…/webhook/{sessionId}`).
 * @param {URL} webhookUrl
 */
export function sessionIdOf(webhookUrl) {
  const match = /\/webhook\/([^/?#]+)/.exec(webhookUrl.pathname);
  if (!match) throw new UsageError(`not a webhook URL (no /webhook/<session id> in it): ${webhookUrl}`);
  return decodeURIComponent(match[1]);
}

/**
 * Where the Hookbay API lives: everything before `/webhook/` (so a server under a path prefix works).
 * @param {URL} webhookUrl
 */
export function apiBaseOf(webhookUrl) {
  const path = webhookUrl.pathname.slice(0, webhookUrl.pathname.indexOf('/webhook/'));
  return `${webhookUrl.origin}${path}`;
}

/**
 * The target path followed by the event's sub-path and query: target `http://h/hooks` and event
 * `/github` `x=1` give `http://h/hooks/github?x=1`. The target's own query, if any, comes first.
 * @param {URL} target
 * @param {string} subPath always starts with "/" ("/" for the bare webhook URL)
 * @param {string} queryString without "?"
 */
export function targetUrlFor(target, subPath, queryString) {
  const base = target.pathname.replace(/\/+$/, '');
  const path = subPath === '/' ? base || '/' : base + subPath;
  const query = [target.search.slice(1), queryString].filter(Boolean).join('&');
  return `${target.origin}${path}${query ? `?${query}` : ''}`;
}

/**
 * The event's header lines to send on: original order and case, without hop-by-hop headers (nor
 * those the Connection header names), with Host and Content-Length for the new request, each kept
 * where it was.
 * @param {[string, string][]} rawHeaders
 * @param {string} host
 * @param {number} bodyLength
 * @returns {[string, string][]}
 */
export function forwardedHeaders(rawHeaders, host, bodyLength) {
  const named = new Set();
  for (const [name, value] of rawHeaders) {
    if (name.toLowerCase() !== 'connection') continue;
    for (const token of value.split(',')) named.add(token.trim().toLowerCase());
  }
  const result = [];
  let hasHost = false;
  let hasLength = false;
  for (const [name, value] of rawHeaders) {
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || lower.startsWith('proxy-') || named.has(lower)) continue;
    if (lower === 'host') {
      if (!hasHost) result.push([name, host]);
      hasHost = true;
    } else if (lower === 'content-length') {
      if (!hasLength) result.push([name, String(bodyLength)]);
      hasLength = true;
    } else result.push([name, value]);
  }
  if (!hasHost) result.unshift(['Host', host]);
  if (!hasLength && bodyLength > 0) result.push(['Content-Length', String(bodyLength)]);
  return result;
}

/**
 * Wait before the n-th reconnect in a row (n from 0): 0.5 s, 1 s, 2 s, 4 s, then 5 s.
 * @param {number} attempt
 */
export function backoffMs(attempt) {
  return Math.min(FIRST_RETRY_MS * 2 ** attempt, MAX_RETRY_MS);
}

/**
 * Splits a server-sent event stream into messages; feed it text as it comes.
 * @param {(message: {id: string | null, event: string, data: string}) => void} onMessage
 */
export function createSseParser(onMessage) {
  let buffer = '';
  let id = null;
  let event = '';
  let data = [];
  return (/** @type {string} */ chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.search(/\r\n|\r|\n/)) !== -1) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
      if (line === '') {
        if (data.length > 0) onMessage({ id, event: event || 'message', data: data.join('\n') });
        id = null;
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
  };
}

/**
 * Sends one request and reads the whole answer.
 * @param {string} url
 * @param {{method: string, headers: [string, string][], body: Buffer, timeoutMs?: number}} request
 * @returns {Promise<{status: number, rawHeaders: [string, string][], body: Buffer}>}
 */
export function send(url, { method, headers, body, timeoutMs = TARGET_TIMEOUT_MS }) {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    // A flat [name, value, …] array is sent as given: order, case and repeats kept.
    const request = client.request(url, { method, headers: headers.flat(), timeout: timeoutMs });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          rawHeaders: pairsOf(response.rawHeaders),
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.end(body);
  });
}

/** @param {string[]} flat */
function pairsOf(flat) {
  /** @type {[string, string][]} */
  const pairs = [];
  for (let index = 0; index + 1 < flat.length; index += 2) pairs.push([flat[index], flat[index + 1]]);
  return pairs;
}

/**
 * The server's `error` text from an error answer's body, or the body itself when it holds none.
 * @param {string} text
 */
function errorMessageOf(text) {
  try {
    return JSON.parse(text).error ?? text;
  } catch {
    return text; // not JSON: the text itself
  }
}

/**
 * Where calls go and who they come from: the key when there is one, else the session id.
 * @typedef {{apiBase: string, sessionId: string, key?: string}} Caller
 */

/**
 * The header that says who calls.
 * @param {Caller} caller
 * @returns {Record<string, string>}
 */
function identityHeaders(caller) {
  return caller.key ? { authorization: `Bearer ${caller.key}` } : { 'x-session-id': caller.sessionId };
}

/**
 * A call to the Hookbay API as the session; answers the parsed JSON, or throws with the server's error text.
 * @param {Caller} caller
 * @param {string} path
 * @param {{method?: string, body?: unknown, raw?: boolean}} [options]
 */
async function api(caller, path, options = {}) {
  const response = await fetch(`${caller.apiBase}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      ...identityHeaders(caller),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!response.ok) {
    const message = errorMessageOf(await response.text());
    throw Object.assign(new Error(`${response.status} ${message}`), { status: response.status });
  }
  return options.raw ? Buffer.from(await response.arrayBuffer()) : response.json();
}

/**
 * The event's whole body: from the event itself, or from the server when the event carries only its start.
 * @param {Caller} caller
 * @param {any} event
 * @returns {Promise<Buffer>}
 */
async function bodyOf(caller, event) {
  if (event.bodyCut || event.truncated) {
    return api(caller, `/api/events/${event.id}/body`, { raw: true });
  }
  return Buffer.from(event.body, event.bodyEncoding === 'base64' ? 'base64' : 'utf8');
}

/**
 * Sends a stored event to the target.
 * @param {Caller} caller
 * @param {any} event
 * @param {URL} target
 */
async function sendEvent(caller, event, target) {
  const body = await bodyOf(caller, event);
  const url = targetUrlFor(target, event.path, event.queryString);
  const headers = forwardedHeaders(event.rawHeaders, new URL(url).host, body.length);
  return send(url, { method: event.method, headers, body });
}

/** @param {Date} date */
function clock(date) {
  return date.toTimeString().slice(0, 8);
}

/**
 * The line printed for one forwarded event.
 * @param {{time: Date, method: string, path: string, queryString: string, status?: number, error?: string, ms: number}} line
 */
export function eventLine({ time, method, path, queryString, status, error, ms }) {
  const where = queryString ? `${path}?${queryString}` : path;
  const outcome = error === undefined ? String(status) : `failed: ${error}`;
  return `${clock(time)} ${method} ${where} -> ${outcome} (${ms} ms)`;
}

/**
 * Forwards one event and, with --respond, posts the answer back while its sender waits.
 * @param {Caller & {target: URL, respond: boolean}} setup
 * @param {any} event
 */
async function forwardEvent(setup, event) {
  const started = Date.now();
  let answer;
  try {
    const result = await sendEvent(setup, event, setup.target);
    const ms = Date.now() - started;
    process.stdout.write(`${eventLine({ ...event, time: new Date(started), status: result.status, ms })}\n`);
    answer = { status: result.status, rawHeaders: result.rawHeaders, body: result.body.toString('base64') };
  } catch (error) {
    const message = errorText(error);
    process.stdout.write(
      `${eventLine({ ...event, time: new Date(started), error: message, ms: Date.now() - started })}\n`,
    );
    answer = { error: message };
  }
  // Only a capture stored while awaiting an answer still waits for one.
  if (!setup.respond || event.response?.status !== null) return;
  try {
    await api(setup, `/api/events/${event.id}/forwarded-response`, {
      method: 'POST',
      body: answer,
    });
  } catch (error) {
    process.stderr.write(
      `Could not hand the answer for event ${event.id} back to Hookbay: ${errorText(error)}\n`,
    );
  }
}

/** @param {unknown} error */
function errorText(error) {
  if (!(error instanceof Error)) return String(error);
  const cause = /** @type {{cause?: unknown}} */ (error).cause;
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
}

/**
 * Reads the stream once, until it ends; forwards each new event in order. Resolves when the
 * connection ends, rejects with `status` on an HTTP error.
 * @param {Caller & {target: URL, respond: boolean}} setup
 * @param {{lastId: number | null, onOpen: () => void}} state
 */
function readStream(setup, state) {
  const url = new URL(`${setup.apiBase}/api/stream`);
  if (setup.respond) url.searchParams.set('respond', '1');
  const client = url.protocol === 'https:' ? https : http;
  /** @type {Record<string, string>} */
  const headers = { ...identityHeaders(setup), accept: 'text/event-stream' };
  if (state.lastId !== null) headers['last-event-id'] = String(state.lastId);
  return new Promise((resolve, reject) => {
    const request = client.get(url, { headers, timeout: STREAM_IDLE_MS });
    request.on('timeout', () => request.destroy(new Error('the stream went silent')));
    request.on('error', reject);
    request.on('response', async (response) => {
      if (response.statusCode !== 200) {
        let text = '';
        for await (const chunk of response) text += chunk;
        reject(Object.assign(new Error(errorMessageOf(text)), { status: response.statusCode }));
        return;
      }
      state.onOpen();
      const events = [];
      const parse = createSseParser((message) => {
        if (message.event === 'webhook-request') events.push(JSON.parse(message.data));
      });
      response.setEncoding('utf8');
      try {
        // Reading waits while an event is forwarded: one at a time, in order.
        for await (const chunk of response) {
          parse(chunk);
          while (events.length > 0) {
            const event = events.shift();
            if (state.lastId !== null && event.id <= state.lastId) continue;
            await forwardEvent(setup, event);
            state.lastId = event.id;
          }
        }
        resolve(undefined);
      } catch (error) {
        reject(error);
      }
    });
  });
}

/**
 * Why Hookbay refused the caller (a 401 or 404), in one line for stderr.
 * @param {Caller} caller
 * @param {string} message the server's error text
 * @param {string} unknownSession the line for a session Hookbay does not know
 */
function refusalLine(caller, message, unknownSession) {
  const reason = message.replace(/^\d{3} /, '');
  if (caller.key) return `Hookbay at ${caller.apiBase} refused the key: ${reason}`;
  if (/private/i.test(reason)) {
    return `The inspector of ${caller.sessionId} is private: pass one of its keys with --key <key> or HOOKBAY_KEY.`;
  }
  return unknownSession;
}

/**
 * With a key, makes sure it belongs to the webhook URL's session, so a key of another inspector
 * does not forward that one's requests unnoticed. Answers the problem, or null.
 * @param {Caller} caller
 */
async function keyMismatch(caller) {
  if (!caller.key) return null;
  const user = await api(caller, '/api/user', { method: 'POST', body: {} });
  if (user.sessionId === caller.sessionId) return null;
  return `This key belongs to another webhook URL (${caller.apiBase}/webhook/${user.sessionId}), not to ${caller.sessionId}.`;
}

/** @param {{webhookUrl: URL, target: URL, respond: boolean, key?: string}} command */
async function forward(command) {
  const setup = {
    apiBase: apiBaseOf(command.webhookUrl),
    sessionId: sessionIdOf(command.webhookUrl),
    key: command.key,
    target: command.target,
    respond: command.respond,
  };
  let attempt = 0;
  let isKeyChecked = false;
  const state = {
    lastId: /** @type {number | null} */ (null),
    onOpen() {
      if (attempt > 0) process.stderr.write('Reconnected.\n');
      else
        process.stderr.write(
          `Forwarding ${command.webhookUrl} to ${command.target}${command.respond ? ' (answers go back to the sender)' : ''}. Ctrl+C stops.\n`,
        );
      attempt = 0;
    },
  };
  for (;;) {
    let problem = 'the connection closed';
    try {
      if (!isKeyChecked) {
        const mismatch = await keyMismatch(setup);
        if (mismatch) {
          process.stderr.write(`${mismatch}\n`);
          return 1;
        }
        isKeyChecked = true;
      }
      await readStream(setup, state);
    } catch (error) {
      const status = /** @type {{status?: number}} */ (error).status;
      if (status === 401 || status === 404) {
        const unknown = `Unknown session ${setup.sessionId} at ${setup.apiBase}: check the webhook URL (open Hookbay to see yours).`;
        process.stderr.write(`${refusalLine(setup, errorText(error), unknown)}\n`);
        return 1;
      }
      problem = errorText(error);
    }
    const wait = backoffMs(attempt++);
    process.stderr.write(`Stream lost (${problem}); reconnecting in ${wait / 1000} s…\n`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** @param {{webhookUrl: URL, eventId: number, target: URL, key?: string}} command */
async function replay(command) {
  const caller = {
    apiBase: apiBaseOf(command.webhookUrl),
    sessionId: sessionIdOf(command.webhookUrl),
    key: command.key,
  };
  let event;
  try {
    const mismatch = await keyMismatch(caller);
    if (mismatch) {
      process.stderr.write(`${mismatch}\n`);
      return 1;
    }
    const page = await api(caller, `/api/events?before=${command.eventId + 1}&limit=1`);
    event = page.find((/** @type {{id: number}} */ candidate) => candidate.id === command.eventId);
  } catch (error) {
    const status = /** @type {{status?: number}} */ (error).status;
    const unknown = `Unknown session ${caller.sessionId} at ${caller.apiBase}: check the webhook URL.`;
    process.stderr.write(
      status === 401
        ? `${refusalLine(caller, errorText(error), unknown)}\n`
        : `Could not read the event: ${errorText(error)}\n`,
    );
    return 1;
  }
  if (!event) {
    process.stderr.write(`This session has no request ${command.eventId} (deleted, or never captured).\n`);
    return 1;
  }
  const started = Date.now();
  try {
    const result = await sendEvent(caller, event, command.target);
    const ms = Date.now() - started;
    process.stdout.write(`${eventLine({ ...event, time: new Date(started), status: result.status, ms })}\n`);
    for (const [name, value] of result.rawHeaders) process.stdout.write(`${name}: ${value}\n`);
    process.stdout.write('\n');
    process.stdout.write(result.body);
    if (result.body.length > 0 && result.body.at(-1) !== 0x0a) process.stdout.write('\n');
    return 0;
  } catch (error) {
    process.stderr.write(`The target could not be reached: ${errorText(error)}\n`);
    return 1;
  }
}

/** @param {string[]} args */
export async function main(args) {
  let command;
  try {
    command = parseArgs(args);
    command.key = chooseKey(command.key, process.env.HOOKBAY_KEY);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`hookbay: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  return command.command === 'forward' ? forward(command) : replay(command);
}

/** True when this file is the program being run (not imported by a test), symlinked bin included. */
function isRunDirectly() {
  if (!process.argv[1]) return false;
  try {
    return fs.realpathSync(process.argv[1]) === fs.realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isRunDirectly()) {
  process.once('SIGINT', () => process.exit(0));
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      process.stderr.write(`hookbay: ${errorText(error)}\n`);
      process.exit(1);
    },
  );
}
