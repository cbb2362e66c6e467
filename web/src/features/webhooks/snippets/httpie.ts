/** "Copy as HTTPie": an `http` command line (HTTPie 3) that sends the captured request again. */
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { utf8Encode } from '../body/bytes';
import { quote, shellQuoteBytes } from '../curl';
import { bodyFileNote, replayRequest } from './replay-request';

/** Defaults HTTPie adds; "Name:" with nothing after it tells HTTPie to leave the header out. */
const HTTPIE_DEFAULTS = ['User-Agent', 'Accept', 'Accept-Encoding'];

/**
 * One request item. "Name;" is HTTPie's syntax for an empty header; a value starting with "=" would make
 * ":=" read as a JSON field, so that "=" is escaped.
 */
function headerItem(name: string, value: string): string {
  if (value === '') return quote(`${name};`);
  return quote(`${name}:${value.startsWith('=') ? '\\' : ''}${value}`);
}

/**
 * Builds a bash command that re-sends `event` with HTTPie: the body comes in on stdin (text as it is,
 * binary through `base64 --decode`, an incomplete body from body.bin); headers keep order, case and
 * repeats minus hop-by-hop ones, Host and Content-Length; HTTPie's own defaults are unset when the
 * original lacked them.
 */
export function toHttpie(event: WebhookEvent, webhookUrl: string, bodyDownloadUrl?: string): string {
  const request = replayRequest(event, webhookUrl);
  const { body } = request;
  const items = request.headers.map(([name, value]) => headerItem(name, value));
  const unset = body.kind === 'none' ? HTTPIE_DEFAULTS : [...HTTPIE_DEFAULTS, 'Content-Type'];
  for (const name of unset) {
    if (!request.sentHeaders.has(name.toLowerCase())) items.push(`'${name}:'`);
  }
  const method = /^[A-Za-z0-9_-]+$/.test(request.method) ? request.method : quote(request.method);
  // Without a body on stdin, HTTPie would still wait to read one when stdin is not a terminal.
  const http = `http ${body.kind === 'none' ? '--ignore-stdin ' : ''}${method} ${quote(request.url)}`;
  const command = [http, ...items].join(' \\\n  ');
  switch (body.kind) {
    case 'none':
      return command;
    case 'text':
      return `printf '%s' ${shellQuoteBytes(utf8Encode(body.text))} | ${command}`;
    case 'binary':
      return `printf '%s' '${body.base64}' | base64 --decode | ${command}`;
    case 'file':
      return `# ${bodyFileNote(bodyDownloadUrl)}\n${command} \\\n  < body.bin`;
  }
}
