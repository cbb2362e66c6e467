/**
 * Where the values a contract found at fault sit in the text of a JSON body: each violation's JSON
 * pointer becomes a span of the (pretty) text, to be marked. A missing property has no value to
 * mark, so the opening brace of the object that lacks it is marked instead. The text may be cut
 * short (only the start of a large body is shown); what lies beyond it is not marked.
 */

/** A span of text to mark, with what is wrong there (one line per violation). */
export interface TextMark {
  start: number;
  end: number;
  title: string;
}

/** What a contract said about one place of the body (a violation's pointer and message). */
export interface PointerNote {
  pointer: string;
  message: string;
}

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\n' || c === '\r' || c === '\t';

/** A key of the pointer: `~` and `/` escaped as RFC 6901 says. */
const pointerKey = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Where a value stands in the text: its first character up to just past its last. */
interface Span {
  start: number;
  end: number;
}

/** Index just past the string that starts at `i` (a quote), or the text's end when it is cut. */
function stringEnd(text: string, i: number): number {
  let j = i + 1;
  while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
  return Math.min(j + 1, text.length);
}

/** The key a quoted JSON string token stands for (escapes undone); the raw text when it is cut. */
function keyOf(token: string): string {
  try {
    return String(JSON.parse(token));
  } catch {
    return token.slice(1);
  }
}

/**
 * The spans of the values at `pointers` in the JSON `text` (a whole document or the start of one).
 * A pointer whose value is not in the text is absent from the answer.
 */
export function valueSpans(text: string, pointers: ReadonlySet<string>): Map<string, Span> {
  const spans = new Map<string, Span>();
  if (pointers.size === 0) return spans;
  // Each open container: its pointer, where it began, whether it is an array and its next index.
  const stack: { pointer: string; start: number; isArray: boolean; index: number; key: string | null }[] = [];
  const placeOfNext = (): string => {
    const parent = stack.at(-1);
    if (!parent) return '';
    return `${parent.pointer}/${parent.isArray ? String(parent.index) : pointerKey(parent.key ?? '')}`;
  };
  const record = (pointer: string, span: Span): void => {
    if (pointers.has(pointer)) spans.set(pointer, span);
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    const top = stack.at(-1);
    if (isSpace(c) || c === ':') {
      i++;
    } else if (c === ',') {
      if (top?.isArray) top.index++;
      else if (top) top.key = null;
      i++;
    } else if (c === '"' && top && !top.isArray && top.key === null) {
      const end = stringEnd(text, i);
      top.key = keyOf(text.slice(i, end));
      i = end;
    } else if (c === '{' || c === '[') {
      stack.push({ pointer: placeOfNext(), start: i, isArray: c === '[', index: 0, key: null });
      i++;
    } else if (c === '}' || c === ']') {
      const closed = stack.pop();
      if (closed) record(closed.pointer, { start: closed.start, end: i + 1 });
      i++;
    } else {
      const end = c === '"' ? stringEnd(text, i) : scalarEnd(text, i);
      record(placeOfNext(), { start: i, end });
      i = end;
    }
  }
  // Containers the cut left open are marked up to the end of what is shown.
  for (const open of stack) record(open.pointer, { start: open.start, end: text.length });
  return spans;
}

function scalarEnd(text: string, i: number): number {
  let j = i;
  while (j < text.length && !isSpace(text[j]) && !',]}:'.includes(text[j] as string)) j++;
  return Math.max(j, i + 1);
}

/** The pointer of the object holding the property `pointer` names ("/a/b" → "/a", "/a" → ""). */
function parentOf(pointer: string): string {
  return pointer.slice(0, pointer.lastIndexOf('/'));
}

/**
 * The marks for a contract's violations over the JSON `text`: the value at each pointer, or, when
 * the body has no value there (a missing property), the opening brace of the object that lacks it.
 * Violations of one place share one mark. Sorted by start, outer spans before the spans inside them.
 */
export function violationMarks(text: string, notes: readonly PointerNote[]): TextMark[] {
  const wanted = new Set(notes.flatMap((note) => [note.pointer, parentOf(note.pointer)]));
  const spans = valueSpans(text, wanted);
  const byPlace = new Map<string, { span: Span; lines: string[] }>();
  for (const note of notes) {
    const value = spans.get(note.pointer);
    const parent = note.pointer === '' ? undefined : spans.get(parentOf(note.pointer));
    const span = value ?? (parent && { start: parent.start, end: parent.start + 1 });
    if (!span) continue;
    const key = `${span.start}:${span.end}`;
    const place = byPlace.get(key) ?? { span, lines: [] };
    if (!place.lines.includes(note.message)) place.lines.push(note.message);
    byPlace.set(key, place);
  }
  return [...byPlace.values()]
    .map(({ span, lines }) => ({ ...span, title: lines.join('\n') }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
}
