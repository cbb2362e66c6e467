/**
 * What every "copy as code" snippet sends: the captured request's method, its URL under the webhook address,
 * its headers minus the ones the new connection must set itself, and its body bytes.
 */
import { isSetByConnection } from '../../../../../shared/hop-by-hop';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { bytesToBase64, utf8Encode } from '../body/bytes';

export type ReplayBody =
  | { kind: 'none' }
  /** Valid UTF-8 without NUL bytes: written into the snippet as text. */
  | { kind: 'text'; text: string }
  /** Anything else: written as base64 and decoded by the snippet. */
  | { kind: 'binary'; base64: string }
  /** The event holds only part of the body: the snippet reads the whole of it from body.bin. */
  | { kind: 'file' };

export interface ReplayRequest {
  method: string;
  url: string;
  /** In the original order and case, repeats kept. */
  headers: [string, string][];
  body: ReplayBody;
  /** Names of headers the original had, lower-cased, to tell a client not to add its own defaults. */
  sentHeaders: Set<string>;
}

function bodyOf(event: WebhookEvent): ReplayBody {
  if (event.truncated || event.bodyCut) return { kind: 'file' };
  if (event.body === '') {
    // An empty body that was announced (Content-Length: 0) is still sent.
    const announced = event.rawHeaders.some(([name]) => name.toLowerCase() === 'content-length');
    return announced ? { kind: 'text', text: '' } : { kind: 'none' };
  }
  // The server sends base64 only for a body that is not UTF-8: binary, and encoded already.
  if (event.bodyEncoding === 'base64') return { kind: 'binary', base64: event.body };
  if (!event.body.includes('\0')) return { kind: 'text', text: event.body };
  return { kind: 'binary', base64: bytesToBase64(utf8Encode(event.body)) };
}

/** The request a snippet sends for `event`, sent to `webhookUrl` plus the event's path and raw query. */
export function replayRequest(event: WebhookEvent, webhookUrl: string): ReplayRequest {
  const path = event.path === '/' ? '' : event.path;
  return {
    method: event.method || 'GET',
    url: webhookUrl + path + (event.queryString ? `?${event.queryString}` : ''),
    headers: event.rawHeaders.filter(([name]) => !isSetByConnection(name)),
    body: bodyOf(event),
    sentHeaders: new Set(event.rawHeaders.map(([name]) => name.toLowerCase())),
  };
}

/** A comment must stay on its own line whatever the URL holds. */
const commentSafe = (text: string): string =>
  Array.from(text, (c) => (c < ' ' || c === '\x7f' ? '' : c)).join('');

/** Comment text for a snippet whose body must come from body.bin, saying where to download it. */
export function bodyFileNote(downloadUrl: string | undefined): string {
  const where = downloadUrl ? `download it from ${commentSafe(downloadUrl)}` : 'download the full body';
  return `body: ${where} as body.bin`;
}
