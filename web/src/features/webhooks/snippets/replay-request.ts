/**
 * What every "copy as code" snippet sends: the captured request's method, its URL under the webhook address,
 * its headers minus the ones the new connection must set itself, and its body bytes.
 */
import { isSetByConnection } from '../../../../../shared/hop-by-hop';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { eventBodyBytes, utf8DecodeStrict } from '../body/bytes';

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
  const bytes = eventBodyBytes(event);
  const announced = event.rawHeaders.some(([name]) => name.toLowerCase() === 'content-length');
  if (bytes.length === 0) return announced ? { kind: 'text', text: '' } : { kind: 'none' };
  const text = event.bodyEncoding === 'utf8' ? event.body : utf8DecodeStrict(bytes);
  if (text !== null && !text.includes('\0')) return { kind: 'text', text };
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return { kind: 'binary', base64: btoa(binary) };
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
