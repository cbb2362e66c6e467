/**
 * Differences between two captured requests: the request line, headers by name, and the body line by
 * line (JSON bodies parsed, keys sorted and pretty-printed first, so key order and spacing do not count).
 */
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { eventBodyBytes, utf8DecodeStrict } from '../body/bytes';
import { hexDump } from '../body/hexdump';
import { groupByName, headerLines } from '../headers';
import { diffLines, type DiffLine } from './lines';

export type PairChange = 'added' | 'removed' | 'changed' | 'same';
export interface PairDiff {
  name: string;
  change: PairChange;
  /** Values in a (null when the name is only in b); repeated names joined by ", " as HTTP allows. */
  before: string | null;
  after: string | null;
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

/** A parsed JSON value, boxed so that a body reading `null` still counts as JSON. */
interface ParsedJson {
  value: unknown;
}

function parseJson(text: string): ParsedJson | null {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

/** The body parsed as JSON, or null when it is blank, binary or not JSON. */
function jsonBodyOf(event: WebhookEvent): ParsedJson | null {
  if (event.bodyEncoding !== 'utf8' || event.body.trim() === '') return null;
  return parseJson(event.body);
}

/**
 * The body as lines to compare: `json` (the body parsed, when both bodies are JSON) canonicalised,
 * else text as it is, and anything that is not UTF-8 as a hex dump.
 */
export function bodyLines(event: WebhookEvent, json: ParsedJson | null = null): string[] {
  if (json) return canonicalJson(json.value).split(/\r?\n/);
  const bytes = eventBodyBytes(event);
  if (bytes.length === 0) return [];
  const text =
    event.bodyEncoding === 'utf8' ? event.body : utf8DecodeStrict(bytes, event.bodyCut || event.truncated);
  if (text === null) return hexDump(bytes).split('\n');
  return text.split(/\r?\n/);
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
  const jsonA = jsonBodyOf(a);
  const jsonB = jsonBodyOf(b);
  const isJson = jsonA !== null && jsonB !== null;
  return {
    requestLine: diffPairs(line(a), line(b)),
    headers: diffPairs(headerLines(a), headerLines(b)),
    body: diffLines(bodyLines(a, isJson ? jsonA : null), bodyLines(b, isJson ? jsonB : null)),
    isJson,
  };
}
