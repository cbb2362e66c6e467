/**
 * "Copy as cURL": a bash command that sends the captured request again, byte for byte as far as curl allows.
 */
import type { WebhookEvent } from '../../../../shared/webhooks';
import { eventBodyBytes, latin1OrUtf8Bytes } from './body/bytes';
import { bodyFileNote, replayRequest } from './snippets/replay-request';

/**
 * Linux refuses a single argument over 128 KiB (MAX_ARG_STRLEN); larger bodies go through the printf
 * builtin and stdin, which have no such limit. Escaping can quadruple a byte, hence the margin.
 */
const INLINE_BODY_MAX_BYTES = 24 * 1024;

const isPrintable = (byte: number): boolean => byte >= 0x20 && byte < 0x7f;

const HEX = (byte: number): string => byte.toString(16).padStart(2, '0');

/**
 * Quotes bytes as one bash word: single quotes when all are printable ASCII, else ANSI-C `$'…'` with
 * `\xHH` for every other byte (bash reads at most two hex digits, so a following digit stays literal).
 */
export function shellQuoteBytes(bytes: Uint8Array): string {
  if (bytes.every(isPrintable)) {
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return `'${text.replace(/'/g, `'\\''`)}'`;
  }
  let out = "$'";
  for (const byte of bytes) {
    if (byte === 0x5c) out += '\\\\';
    else if (byte === 0x27) out += "\\'";
    // An interactive bash may history-expand "!" inside $'…'; as an escape it cannot be.
    else if (byte === 0x21) out += '\\x21';
    else if (isPrintable(byte)) out += String.fromCharCode(byte);
    else out += '\\x' + HEX(byte);
  }
  return out + "'";
}

/** Quotes text from a request line or header (latin1 in Node, so one character is one byte). */
export function quote(text: string): string {
  return shellQuoteBytes(latin1OrUtf8Bytes(text));
}

/**
 * A single-quoted argument for `printf '%b'` that prints exactly these bytes, NUL included:
 * backslash doubled and every non-printable byte as `\0ooo` (three octal digits, so digits after it stay).
 */
function printfBytes(bytes: Uint8Array): string {
  let out = "'";
  for (const byte of bytes) {
    if (byte === 0x5c) out += '\\\\';
    else if (byte === 0x27) out += `'\\''`;
    else if (isPrintable(byte)) out += String.fromCharCode(byte);
    else out += '\\0' + byte.toString(8).padStart(3, '0');
  }
  return out + "'";
}

/**
 * Builds a bash command that re-sends `event` to `webhookUrl` (the session's capture address; the event's
 * path below it and its raw query string are appended). Headers keep their order, case and repeats, except
 * hop-by-hop ones (Connection, Transfer-Encoding, Proxy-*, …), Host and Content-Length, which belong to the
 * new connection; headers curl would add on its own (User-Agent, Accept, a Content-Type for the body) are
 * suppressed when the original had none. When the stored body is incomplete (truncated or cut), the command reads it from body.bin and a
 * first comment line says where to download it (`bodyDownloadUrl`).
 */
export function toCurl(event: WebhookEvent, webhookUrl: string, bodyDownloadUrl?: string): string {
  const request = replayRequest(event, webhookUrl);
  const fromFile = request.body.kind === 'file';
  const bytes = fromFile ? new Uint8Array(0) : eventBodyBytes(event);
  // An empty body that was announced (Content-Length: 0) is still sent, as curl would otherwise omit it.
  const sendsBody = request.body.kind !== 'none';
  const viaStdin =
    !fromFile && (bytes.includes(0) || bytes.length > INLINE_BODY_MAX_BYTES || bytes[0] === 0x40); // "@" names a file to curl

  const { method, url } = request;
  const first = [viaStdin ? `printf '%b' ${printfBytes(bytes)} | curl` : 'curl'];
  first.push(
    method === 'HEAD' && !sendsBody
      ? '--head'
      : `-X ${/^[A-Za-z0-9_-]+$/.test(method) ? method : quote(method)}`,
  );
  // Without these curl would treat [] {} as URL globs and squash /./ and /../ segments.
  if (/[[\]{}]/.test(url)) first.push('--globoff');
  if (/(^|\/)\.\.?(\/|$)/.test(event.path)) first.push('--path-as-is');
  first.push(quote(url));

  const options: string[] = [];
  for (const [name, value] of request.headers) {
    // "Name:" would tell curl to remove the header; "Name;" is its syntax for an empty one.
    options.push(`-H ${quote(value === '' ? `${name};` : `${name}: ${value}`)}`);
  }
  const suppressed = ['User-Agent', 'Accept'];
  if (sendsBody) suppressed.push('Content-Type');
  if (fromFile) suppressed.push('Expect'); // curl asks for 100-continue on large uploads
  for (const name of suppressed) {
    if (!request.sentHeaders.has(name.toLowerCase())) options.push(`-H '${name}:'`);
  }
  if (fromFile) options.push('--data-binary @body.bin');
  else if (viaStdin) options.push('--data-binary @-');
  else if (sendsBody) options.push(`--data-binary ${shellQuoteBytes(bytes)}`);

  const command = [first.join(' '), ...options].join(' \\\n  ');
  return fromFile ? `# ${bodyFileNote(bodyDownloadUrl)}\n${command}` : command;
}
