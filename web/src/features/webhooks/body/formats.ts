/**
 * Pure logic that decides how a request body is shown and produces the text of the views.
 * Nothing here throws on odd input: bodies are whatever strangers send.
 */
import { utf8Decode } from './bytes';

/** How a body is shown. */
export type BodyFormat = 'json' | 'xml' | 'form' | 'multipart' | 'text' | 'binary';

/** A formatter's output, cut to the length asked for (complete says whether it was). */
export interface Formatted {
  text: string;
  complete: boolean;
}

/** Most characters of formatted text put into the page; more makes the page sluggish for no reader's benefit. */
export const MAX_RENDERED_CHARS = 256 * 1024;

/** The media type of a Content-Type value, lowercased and without parameters ("" when none). */
export function mimeType(contentType: string | null | undefined): string {
  if (!contentType) return '';
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

const PARAM = /;\s*([^=;\s]+)\s*=\s*("(?:[^"\\]|\\.)*"?|[^;]*)/g;

/** A parameter of a Content-Type value (`boundary`, `charset`), unquoted; null when absent. */
export function contentTypeParam(contentType: string | null | undefined, name: string): string | null {
  if (!contentType) return null;
  const wanted = name.toLowerCase();
  for (const match of contentType.matchAll(PARAM)) {
    if (match[1]?.toLowerCase() !== wanted) continue;
    const raw = (match[2] ?? '').trim();
    if (!raw.startsWith('"')) return raw;
    return raw.replace(/^"|"$/g, '').replace(/\\(.)/g, '$1');
  }
  return null;
}

function isJsonMime(mime: string): boolean {
  return mime.endsWith('/json') || mime.endsWith('+json');
}

function isXmlMime(mime: string): boolean {
  return mime.endsWith('/xml') || mime.endsWith('+xml');
}

/** True when the text is one complete JSON document. */
export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Picks the view of a body from its Content-Type and content. `text` is the body as text, or null when
 * its bytes are not valid UTF-8 (then only multipart, which is parsed over bytes, or a hex dump fit).
 */
export function detectFormat(contentType: string | null | undefined, text: string | null): BodyFormat {
  const mime = mimeType(contentType);
  if (mime.startsWith('multipart/') && contentTypeParam(contentType, 'boundary')) return 'multipart';
  if (text === null) return 'binary';
  if (mime === 'application/x-www-form-urlencoded') return 'form';
  // A body labelled JSON that does not parse (cut, or simply wrong) reads best as plain text.
  if (isJsonMime(mime)) return isJson(text) ? 'json' : 'text';
  if (isXmlMime(mime)) return 'xml';
  const start = text.trimStart();
  // Sniffing is limited to objects and arrays: calling "42" or "true" JSON would only add a pointless tab.
  if ((start.startsWith('{') || start.startsWith('[')) && isJson(text)) return 'json';
  if (start.startsWith('<')) return 'xml';
  return 'text';
}

const COMPRESSIONS = new Set(['gzip', 'deflate', 'br']);

/**
 * The Content-Encoding of a request when it names a compression the server can undo (gzip, deflate, br),
 * else null. Header names are matched case-insensitively; repeated headers are joined.
 */
export function compressionOf(rawHeaders: readonly (readonly [string, string])[]): string | null {
  const values = rawHeaders.filter(([name]) => name.toLowerCase() === 'content-encoding').map(([, v]) => v);
  const codings = values.flatMap((v) => v.split(',')).map((c) => c.trim().toLowerCase());
  return codings.some((c) => COMPRESSIONS.has(c)) ? values.join(', ') : null;
}

/** Cuts text to at most `limit` UTF-16 units without splitting a surrogate pair. */
export function cutText(text: string, limit: number): Formatted {
  if (text.length <= limit) return { text, complete: true };
  let end = limit;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return { text: text.slice(0, end), complete: false };
}

const isJsonSpace = (c: string | undefined): boolean => c === ' ' || c === '\n' || c === '\r' || c === '\t';
const STRUCTURAL = new Set(['{', '}', '[', ']', ',', ':', '"']);

/**
 * Pretty-prints JSON with a 2-space indent, or returns null when the text is not JSON.
 * It re-indents the original tokens instead of JSON.parse + stringify, so numbers keep their digits
 * (ids beyond 2^53, 1.0, 1e3), strings keep their escapes and duplicate keys stay visible.
 * Output stops at `limit` characters, which keeps a huge body from costing more than what is shown.
 */
export function prettyJson(text: string, limit = Number.POSITIVE_INFINITY): Formatted | null {
  if (!isJson(text)) return null;
  const out: string[] = [];
  let length = 0;
  let depth = 0;
  const push = (piece: string): void => {
    out.push(piece);
    length += piece.length;
  };
  const newline = (): string => '\n' + '  '.repeat(depth);
  let i = 0;
  while (i < text.length && length < limit) {
    const c = text[i] as string;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      push(text.slice(i, j + 1));
      i = j + 1;
    } else if (c === '{' || c === '[') {
      let j = i + 1;
      while (isJsonSpace(text[j])) j++;
      const close = c === '{' ? '}' : ']';
      if (text[j] === close) {
        push(c + close);
        i = j + 1;
      } else {
        depth++;
        push(c + newline());
        i++;
      }
    } else if (c === '}' || c === ']') {
      depth--;
      push(newline() + c);
      i++;
    } else if (c === ',') {
      push(',' + newline());
      i++;
    } else if (c === ':') {
      push(': ');
      i++;
    } else if (isJsonSpace(c)) {
      i++;
    } else {
      let j = i;
      while (j < text.length && !STRUCTURAL.has(text[j] as string) && !isJsonSpace(text[j])) j++;
      push(text.slice(i, j));
      i = j;
    }
  }
  const result = cutText(out.join(''), limit);
  return { text: result.text, complete: result.complete && i >= text.length };
}

const PERCENT_RUN = /(?:%[0-9a-fA-F]{2})+/g;

/**
 * Percent-decodes like a browser's form parser: runs of %XX become UTF-8 bytes (invalid ones U+FFFD)
 * and a malformed escape stays as it is instead of throwing like decodeURIComponent.
 */
export function percentDecode(text: string): string {
  if (!text.includes('%')) return text;
  return text.replace(PERCENT_RUN, (run) => {
    const bytes = new Uint8Array(run.length / 3);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(run.slice(i * 3 + 1, i * 3 + 3), 16);
    return utf8Decode(bytes);
  });
}

/**
 * Parses an application/x-www-form-urlencoded body into [name, value] pairs in order,
 * keeping repeated names as separate pairs. Unlike URLSearchParams it keeps a leading "?" as data.
 */
export function parseForm(text: string): [string, string][] {
  const fields: [string, string][] = [];
  for (const piece of text.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const name = eq < 0 ? piece : piece.slice(0, eq);
    const value = eq < 0 ? '' : piece.slice(eq + 1);
    fields.push([percentDecode(name.replace(/\+/g, ' ')), percentDecode(value.replace(/\+/g, ' '))]);
  }
  return fields;
}
