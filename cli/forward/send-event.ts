/**
 * How a stored request is sent on to a target, by `hookbay forward` and `hookbay replay`: same
 * method, headers in their original order and case, body byte for byte; and the line printed for it.
 */
import { isHopByHop } from '../../shared/hop-by-hop.js';
import type { WebhookEvent } from '../../shared/webhooks.js';
import { bodyOf, type Caller } from '../api.js';
import { send, type HeaderPairs, type TargetAnswer } from '../send.js';

/**
 * The target path followed by the event's sub-path and query: target `http://h/hooks` and event
 * `/github` `x=1` give `http://h/hooks/github?x=1`. The target's own query, if any, comes first.
 * @param subPath always starts with "/" ("/" for the bare webhook URL)
 * @param queryString without "?"
 */
export function targetUrlFor(target: URL, subPath: string, queryString: string): string {
  const base = target.pathname.replace(/\/+$/, '');
  const path = subPath === '/' ? base || '/' : base + subPath;
  const query = [target.search.slice(1), queryString].filter(Boolean).join('&');
  return `${target.origin}${path}${query ? `?${query}` : ''}`;
}

/**
 * The event's header lines to send on: original order and case, without hop-by-hop headers (nor
 * those the Connection header names), with Host and Content-Length for the new request, each kept
 * where it was.
 */
export function forwardedHeaders(rawHeaders: HeaderPairs, host: string, bodyLength: number): HeaderPairs {
  const named = new Set<string>();
  for (const [name, value] of rawHeaders) {
    if (name.toLowerCase() !== 'connection') continue;
    for (const token of value.split(',')) named.add(token.trim().toLowerCase());
  }
  const result: HeaderPairs = [];
  let hasHost = false;
  let hasLength = false;
  for (const [name, value] of rawHeaders) {
    const lower = name.toLowerCase();
    if (isHopByHop(lower) || named.has(lower)) continue;
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

function clock(date: Date): string {
  return date.toTimeString().slice(0, 8);
}

export interface EventLine {
  time: Date;
  method: string;
  path: string;
  queryString: string;
  status?: number;
  error?: string;
  ms: number;
}

/** The line printed for one forwarded (or replayed) event. */
export function eventLine({ time, method, path, queryString, status, error, ms }: EventLine): string {
  const where = queryString ? `${path}?${queryString}` : path;
  const outcome = error === undefined ? String(status) : `failed: ${error}`;
  return `${clock(time)} ${method} ${where} -> ${outcome} (${ms} ms)`;
}

/** Sends a stored event to the target, its whole body already read. */
export function sendWithBody(event: WebhookEvent, body: Buffer, target: URL): Promise<TargetAnswer> {
  const url = targetUrlFor(target, event.path, event.queryString);
  const headers = forwardedHeaders(event.rawHeaders, new URL(url).host, body.length);
  return send(url, { method: event.method, headers, body });
}

/** Sends a stored event to the target. */
export async function sendEvent(caller: Caller, event: WebhookEvent, target: URL): Promise<TargetAnswer> {
  return sendWithBody(event, await bodyOf(caller, event), target);
}
