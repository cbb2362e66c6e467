/**
 * A small, tolerant XML (and HTML-ish) pretty-printer. It never throws and never drops characters other
 * than the whitespace between tags: anything it cannot read as markup is shown as text.
 */
import { cutText, type Formatted } from './formats';

type TokenKind = 'open' | 'close' | 'empty' | 'leaf' | 'text';

interface Token {
  kind: TokenKind;
  text: string;
  /** Element name of open, close and empty tags. */
  name: string;
}

/** HTML elements that never have a closing tag; treating them as open would indent the rest of the page. */
const HTML_VOID = new Set('area base br col embed hr img input link meta param source track wbr'.split(' '));

/** End of a tag that starts at `start`, skipping `>` inside quoted attribute values; -1 when unterminated. */
function tagEnd(text: string, start: number): number {
  let quote = '';
  let depth = 0;
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '[') {
      depth++; // a DOCTYPE's internal subset holds whole declarations
    } else if (c === ']') {
      depth = Math.max(0, depth - 1);
    } else if (c === '>' && depth === 0) {
      return i;
    }
  }
  // An unbalanced quote would otherwise swallow the rest of the document.
  return text.indexOf('>', start + 1);
}

function delimited(text: string, start: number, close: string): number {
  const end = text.indexOf(close, start);
  return end < 0 ? text.length : end + close.length;
}

/** Splits markup into tags and text. Exported for tests. */
export function tokenizeXml(text: string): Token[] {
  const tokens: Token[] = [];
  let textStart = 0;
  let i = 0;
  const flushText = (end: number): void => {
    if (end > textStart) tokens.push({ kind: 'text', text: text.slice(textStart, end), name: '' });
  };
  while (i < text.length) {
    i = text.indexOf('<', i);
    if (i < 0) break;
    let end = -1;
    let kind: TokenKind = 'leaf';
    if (text.startsWith('<!--', i)) end = delimited(text, i + 4, '-->');
    else if (text.startsWith('<![CDATA[', i)) {
      end = delimited(text, i + 9, ']]>');
      kind = 'text'; // character data: may sit inline like any text
    } else if (text.startsWith('<?', i)) end = delimited(text, i + 2, '?>');
    else if (/^<[!/]?[A-Za-z_:\u00c0-\uffff]/.test(text.slice(i, i + 3))) {
      const close = tagEnd(text, i);
      if (close >= 0) {
        end = close + 1;
        kind = text[i + 1] === '!' ? 'leaf' : text[i + 1] === '/' ? 'close' : 'open';
        if (kind === 'open' && text[close - 1] === '/') kind = 'empty';
      }
    }
    if (end < 0) {
      i++; // a bare "<" ("a < b") is text
      continue;
    }
    flushText(i);
    const raw = text.slice(i, end);
    const name = kind === 'leaf' || kind === 'text' ? '' : (/^<\/?\s*([^\s/>]+)/.exec(raw)?.[1] ?? '');
    tokens.push({ kind, text: raw, name });
    textStart = i = end;
  }
  flushText(text.length);
  return tokens;
}

/**
 * Pretty-prints XML with a 2-space indent; an element holding only one line of text stays on one line.
 * Malformed input is handled as well as it goes (stray closing tags, unclosed elements, a bare "<"),
 * and on anything unexpected the text comes back as it was. Output stops at `limit` characters.
 */
export function prettyXml(text: string, limit = Number.POSITIVE_INFINITY): Formatted {
  try {
    const tokens = tokenizeXml(text);
    if (!tokens.some((t) => t.kind !== 'text')) return cutText(text, limit);
    const lines: string[] = [];
    let length = 0;
    const stack: string[] = [];
    const emit = (line: string): void => {
      const indented = '  '.repeat(stack.length) + line;
      lines.push(indented);
      length += indented.length + 1;
    };
    let k = 0;
    for (; k < tokens.length && length < limit; k++) {
      const token = tokens[k] as Token;
      if (token.kind === 'text') {
        const trimmed = token.text.trim();
        if (trimmed) emit(trimmed);
      } else if (token.kind === 'open') {
        const next = tokens[k + 1];
        const after = tokens[k + 2];
        if (next?.kind === 'close' && next.name === token.name) {
          emit(token.text + next.text);
          k += 1;
        } else if (
          next?.kind === 'text' &&
          !next.text.includes('\n') &&
          after?.kind === 'close' &&
          after.name === token.name
        ) {
          emit(token.text + next.text + after.text);
          k += 2;
        } else {
          emit(token.text);
          if (!HTML_VOID.has(token.name.toLowerCase())) stack.push(token.name);
        }
      } else if (token.kind === 'close') {
        const open = stack.lastIndexOf(token.name);
        // A closing tag also closes whatever was left open inside it; a stray one changes nothing.
        if (open >= 0) stack.length = open;
        emit(token.text);
      } else {
        emit(token.text);
      }
    }
    const result = cutText(lines.join('\n'), limit);
    return { text: result.text, complete: result.complete && k >= tokens.length };
  } catch {
    return cutText(text, limit);
  }
}
