/**
 * multipart/* parsing over the body's bytes (RFC 2046 / RFC 7578), tolerant of bare LF line ends and of a
 * body that stops early (cut or truncated capture): whatever parts are there are returned.
 */
import { latin1OrUtf8Bytes, utf8Decode, utf8DecodeStrict } from './bytes';
import { contentTypeParam, mimeType, percentDecode } from './formats';

export interface MultipartPart {
  /** Part header lines as [name, value], in order. */
  headers: [string, string][];
  /** Field name from Content-Disposition, null when missing. */
  name: string | null;
  /** File name from Content-Disposition (filename* preferred), null for a plain field. */
  filename: string | null;
  contentType: string | null;
  /** The part's content: a view into the parsed bytes, not a copy. */
  body: Uint8Array;
  /** False when the body ended before this part's closing boundary, so `body` may be only its start. */
  complete: boolean;
}

const LF = 0x0a;
const CR = 0x0d;
const DASH = 0x2d;

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  if (first === undefined) return -1;
  for (let i = haystack.indexOf(first, from); i >= 0; i = haystack.indexOf(first, i + 1)) {
    if (i + needle.length > haystack.length) return -1;
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/** Next "--boundary" that starts a line, at or after `from`. */
function findDelimiter(bytes: Uint8Array, delimiter: Uint8Array, from: number): number {
  for (let i = indexOfBytes(bytes, delimiter, from); i >= 0; i = indexOfBytes(bytes, delimiter, i + 1)) {
    if (i === 0 || bytes[i - 1] === LF) return i;
  }
  return -1;
}

/** The boundary parameter of a multipart Content-Type, null when there is none. */
export function multipartBoundary(contentType: string | null | undefined): string | null {
  return contentTypeParam(contentType, 'boundary') || null;
}

function parseHeaders(lines: string[]): [string, string][] {
  const headers: [string, string][] = [];
  for (const line of lines) {
    const last = headers[headers.length - 1];
    if (/^[ \t]/.test(line) && last) {
      last[1] += ' ' + line.trim(); // obsolete line folding
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0) headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return headers;
}

function header(headers: [string, string][], name: string): string | null {
  return headers.find(([n]) => n.toLowerCase() === name)?.[1] ?? null;
}

function dispositionFilename(disposition: string | null): string | null {
  const extended = contentTypeParam(disposition, 'filename*');
  if (extended) {
    // RFC 5987: charset'language'percent-encoded; browsers only ever use UTF-8 here.
    const quote = extended.indexOf("'", extended.indexOf("'") + 1);
    return percentDecode(quote >= 0 ? extended.slice(quote + 1) : extended);
  }
  return contentTypeParam(disposition, 'filename');
}

/** Splits a multipart body into its parts. Never throws; a body without the boundary gives no parts. */
export function parseMultipart(bytes: Uint8Array, boundary: string): MultipartPart[] {
  const delimiter = latin1OrUtf8Bytes('--' + boundary);
  const parts: MultipartPart[] = [];
  let at = findDelimiter(bytes, delimiter, 0);
  while (at >= 0) {
    let p = at + delimiter.length;
    if (bytes[p] === DASH && bytes[p + 1] === DASH) break; // the closing delimiter
    const eol = bytes.indexOf(LF, p);
    if (eol < 0) break;
    p = eol + 1;
    const lines: string[] = [];
    let blankLineSeen = false;
    // A malformed part may lack the blank line; its headers then end at the next delimiter.
    let delimiterInHeaders = -1;
    while (p < bytes.length) {
      const lf = bytes.indexOf(LF, p);
      const next = lf < 0 ? bytes.length : lf + 1;
      let end = lf < 0 ? bytes.length : lf;
      if (end > p && bytes[end - 1] === CR) end--;
      const line = bytes.subarray(p, end);
      if (line.length === 0) {
        blankLineSeen = true;
        p = next;
        break;
      }
      if (indexOfBytes(line, delimiter, 0) === 0) {
        delimiterInHeaders = p;
        break;
      }
      lines.push(utf8Decode(line));
      p = next;
    }
    const headers = parseHeaders(lines);
    const disposition = header(headers, 'content-disposition');
    const nextAt = blankLineSeen ? findDelimiter(bytes, delimiter, p) : delimiterInHeaders;
    let bodyEnd = nextAt < 0 ? bytes.length : nextAt;
    // The line break before a delimiter belongs to the delimiter, not to the content.
    if (nextAt >= 0 && bodyEnd > p && bytes[bodyEnd - 1] === LF) {
      bodyEnd--;
      if (bodyEnd > p && bytes[bodyEnd - 1] === CR) bodyEnd--;
    }
    parts.push({
      headers,
      name: contentTypeParam(disposition, 'name'),
      filename: dispositionFilename(disposition),
      contentType: header(headers, 'content-type'),
      body: blankLineSeen ? bytes.subarray(p, bodyEnd) : new Uint8Array(0),
      complete: nextAt >= 0,
    });
    at = nextAt;
  }
  return parts;
}

/** Parts at most this large show their text value inline. */
export const PART_TEXT_MAX_BYTES = 4096;

/**
 * The text of a part that is small, textual (no type, text/*, JSON, XML, urlencoded) and valid UTF-8;
 * null otherwise, so a file's bytes are never dumped into the parts list.
 */
export function partText(part: MultipartPart, maxBytes = PART_TEXT_MAX_BYTES): string | null {
  if (part.body.length > maxBytes) return null;
  const mime = mimeType(part.contentType);
  const textual =
    mime === '' ||
    mime.startsWith('text/') ||
    /[/+](json|xml)$/.test(mime) ||
    mime === 'application/x-www-form-urlencoded';
  return textual ? utf8DecodeStrict(part.body) : null;
}
