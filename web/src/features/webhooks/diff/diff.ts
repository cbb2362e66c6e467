/**
 * Differences between two captured requests: the request line, headers by name, and the body line by
 * line (JSON bodies parsed, keys sorted and pretty-printed first, so key order and spacing do not count).
 */
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { eventBodyBytes, utf8DecodeStrict } from '../body/bytes';
import { hexDump } from '../body/hexdump';

export type LineKind = 'same' | 'removed' | 'added';
export interface DiffLine {
  kind: LineKind;
  text: string;
}

/** Past this many differing lines the middle is shown as removed-then-added instead of aligned. */
const MAX_EDIT_DISTANCE = 1000;

/** Whether Myers' path to diagonal k at depth d comes down (an insertion) rather than across (a deletion). */
const isDown = (v: Int32Array, offset: number, k: number, d: number): boolean =>
  k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));

/** Myers' shortest edit script; null when it takes more than MAX_EDIT_DISTANCE edits. */
function shortestEdit(a: string[], b: string[]): DiffLine[] | null {
  const max = Math.min(a.length + b.length, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d]: the furthest x on each diagonal before round d, to walk the path back afterwards.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = isDown(v, offset, k, d) ? (v[offset + k + 1] ?? 0) : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < a.length && y < b.length && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= a.length && y >= b.length) return backtrack(a, b, trace, offset);
    }
  }
  return null;
}

/** Reads the edit script from the recorded frontiers, from the end back to the start. */
function backtrack(a: string[], b: string[], trace: Int32Array[], offset: number): DiffLine[] {
  const lines: DiffLine[] = [];
  let x = a.length;
  let y = b.length;
  const keepSameDownTo = (toX: number, toY: number) => {
    while (x > toX && y > toY) {
      x--;
      y--;
      lines.push({ kind: 'same', text: a[x] ?? '' });
    }
  };
  for (let d = trace.length - 1; d > 0; d--) {
    const v = trace[d] as Int32Array; // d is within trace's length
    const k = x - y;
    const down = isDown(v, offset, k, d);
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK] ?? 0;
    keepSameDownTo(prevX, prevX - prevK);
    if (down) lines.push({ kind: 'added', text: b[--y] ?? '' });
    else lines.push({ kind: 'removed', text: a[--x] ?? '' });
  }
  keepSameDownTo(0, 0);
  return lines.reverse();
}

/** Line diff of `a` to `b`: every line of both, in order, marked same, removed (only in a) or added (only in b). */
export function diffLines(a: string[], b: string[]): DiffLine[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end])
    end++;
  const same = (text: string): DiffLine => ({ kind: 'same', text });
  const midA = a.slice(start, a.length - end);
  const midB = b.slice(start, b.length - end);
  const middle = shortestEdit(midA, midB) ?? [
    ...midA.map((text): DiffLine => ({ kind: 'removed', text })),
    ...midB.map((text): DiffLine => ({ kind: 'added', text })),
  ];
  return [...a.slice(0, start).map(same), ...middle, ...a.slice(a.length - end).map(same)];
}

export type PairChange = 'added' | 'removed' | 'changed' | 'same';
export interface PairDiff {
  name: string;
  change: PairChange;
  /** Values in a (null when the name is only in b); repeated names joined by ", " as HTTP allows. */
  before: string | null;
  after: string | null;
}

function groupByName(
  pairs: readonly (readonly [string, string])[],
): Map<string, { name: string; values: string[] }> {
  const groups = new Map<string, { name: string; values: string[] }>();
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    const group = groups.get(key);
    if (group) group.values.push(value);
    else groups.set(key, { name, values: [value] });
  }
  return groups;
}

/**
 * Compares name/value lists (headers) by name without regard to case: each name once, in a's order and
 * then b's new names, marked added, removed, changed or same.
 */
export function diffPairs(
  a: readonly (readonly [string, string])[],
  b: readonly (readonly [string, string])[],
): PairDiff[] {
  const before = groupByName(a);
  const after = groupByName(b);
  const keys = [...new Set([...before.keys(), ...after.keys()])];
  return keys.map((key) => {
    const left = before.get(key);
    const right = after.get(key);
    const leftValue = left ? left.values.join(', ') : null;
    const rightValue = right ? right.values.join(', ') : null;
    const change: PairChange = !left
      ? 'added'
      : !right
        ? 'removed'
        : leftValue === rightValue
          ? 'same'
          : 'changed';
    return { name: (left ?? right)?.name ?? key, change, before: leftValue, after: rightValue };
  });
}

/** JSON with object keys sorted at every level, two-space indented. */
export function canonicalJson(value: unknown): string {
  const sorted = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(sorted);
    if (typeof item !== 'object' || item === null) return item;
    const entries = Object.entries(item as Record<string, unknown>).sort(([x], [y]) =>
      x < y ? -1 : x > y ? 1 : 0,
    );
    return Object.fromEntries(entries.map(([key, inner]) => [key, sorted(inner)]));
  };
  return JSON.stringify(sorted(value), null, 2);
}

function parseJson(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

/**
 * The body as lines to compare: JSON canonicalised when both bodies are JSON, text as it is, and
 * anything that is not UTF-8 as a hex dump.
 */
export function bodyLines(event: WebhookEvent, asJson: boolean): string[] {
  const bytes = eventBodyBytes(event);
  if (bytes.length === 0) return [];
  const text =
    event.bodyEncoding === 'utf8' ? event.body : utf8DecodeStrict(bytes, event.bodyCut || event.truncated);
  if (text === null) return hexDump(bytes).split('\n');
  const json = asJson ? parseJson(text) : null;
  return (json ? canonicalJson(json.value) : text).split(/\r?\n/);
}

const isJsonBody = (event: WebhookEvent): boolean =>
  event.bodyEncoding === 'utf8' && event.body.trim() !== '' && parseJson(event.body) !== null;

/** Header lines as sent; events stored without them fall back to the header object. */
function headerLines(event: WebhookEvent): (readonly [string, string])[] {
  if (event.rawHeaders.length > 0) return event.rawHeaders;
  return Object.entries(event.headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => [name, item] as const),
  );
}

export interface RequestDiff {
  requestLine: PairDiff[];
  headers: PairDiff[];
  body: DiffLine[];
  /** True when both bodies were compared as JSON (keys sorted, pretty-printed). */
  isJson: boolean;
}

/** Everything that differs from request `a` to request `b`. */
export function diffRequests(a: WebhookEvent, b: WebhookEvent): RequestDiff {
  const line = (event: WebhookEvent): [string, string][] => [
    ['Method', event.method || 'GET'],
    ['Path', event.path],
    ['Query', event.queryString],
  ];
  const isJson = isJsonBody(a) && isJsonBody(b);
  return {
    requestLine: diffPairs(line(a), line(b)),
    headers: diffPairs(headerLines(a), headerLines(b)),
    body: diffLines(bodyLines(a, isJson), bodyLines(b, isJson)),
    isJson,
  };
}
