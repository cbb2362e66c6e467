/**
 * What the texts of a response rule are written with, whether they answer the sender or call
 * back later: header names and values, sizes in UTF-8 bytes, the test for a template, and field
 * names in problems. Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';

export const MAX_RESPONSE_HEADERS = 20;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What Node accepts in a header value: tab, visible ASCII and space, and bytes 0x80-0xFF. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** True when Node can send `value` as a header value. */
export function isValidHeaderValue(value: string): boolean {
  return HEADER_VALUE.test(value);
}

/** Bytes of `text` in UTF-8, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      // A surrogate pair is one character of four bytes.
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

/** Text with a `{{ … }}` or `{% … %}` in it is read as a template; all other text is sent as it is. */
export function hasTemplate(text: string): boolean {
  return text.includes('{{') || text.includes('{%');
}

/** `rules[2].responses[0].status` for zod's ['rules', 2, 'responses', 0, 'status']. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) => {
      if (typeof part === 'number') return `[${part}]`;
      return index === 0 ? String(part) : `.${String(part)}`;
    })
    .join('');
}

function headerProblem(
  name: string,
  value: string,
  seen: Set<string>,
  refusedReason: (name: string) => string | null,
): string | null {
  if (!HEADER_NAME.test(name)) return `"${name}" is not a valid header name.`;
  const refused = refusedReason(name);
  if (refused) return refused;
  if (seen.has(name.toLowerCase())) return `${name} is given twice.`;
  if (!isValidHeaderValue(value)) return 'The value holds a character headers cannot carry.';
  return null;
}

/** Headers as an object of names and values, at most MAX_RESPONSE_HEADERS, none that `refusedReason` refuses. */
export function headersSchema(refusedReason: (name: string) => string | null) {
  return z
    .record(z.string(), z.string({ error: 'A header value must be text.' }), {
      error: 'Headers must be an object of names and values.',
    })
    .superRefine((headers, context) => {
      const entries = Object.entries(headers);
      if (entries.length > MAX_RESPONSE_HEADERS) {
        context.addIssue({ code: 'custom', message: `At most ${MAX_RESPONSE_HEADERS} headers.` });
        return;
      }
      const seen = new Set<string>();
      for (const [name, value] of entries) {
        const problem = headerProblem(name, value, seen, refusedReason);
        seen.add(name.toLowerCase());
        if (problem) context.addIssue({ code: 'custom', message: problem, path: [name] });
      }
    });
}
