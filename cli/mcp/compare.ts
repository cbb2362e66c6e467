/**
 * What differs between two captured requests: method, path, query parameters, headers (names
 * compared without regard to case, repeated headers as their list of values) and body (field by
 * field when both are JSON, else where the text first differs).
 */
import type { QueryMap, WebhookEvent } from '../../shared/webhooks.js';

/** Differences listed at most, per part; the rest are counted. */
export const MAX_DIFFERENCES = 100;
const CONTEXT_CHARS = 40;

export interface ValueDifference {
  name: string;
  a: unknown;
  b: unknown;
}

export interface PartComparison {
  onlyInA: ValueDifference[];
  onlyInB: ValueDifference[];
  different: ValueDifference[];
}

export type BodyComparison =
  | { same: true }
  | { same: false; kind: 'json'; differences: { path: string; a: unknown; b: unknown }[]; more: number }
  | {
      same: false;
      kind: 'text';
      lengthA: number;
      lengthB: number;
      firstDifferenceAt: number;
      line: number;
      a: string;
      b: string;
    };

export interface Comparison {
  same: boolean;
  method?: { a: string; b: string };
  path?: { a: string; b: string };
  query: PartComparison;
  headers: PartComparison;
  body: BodyComparison;
}

/** Values by lower-case name, keeping the name as first written. */
function headerLists(rawHeaders: [string, string][]): Map<string, { name: string; values: string[] }> {
  const lists = new Map<string, { name: string; values: string[] }>();
  for (const [name, value] of rawHeaders) {
    const lower = name.toLowerCase();
    const list = lists.get(lower) ?? { name, values: [] };
    list.values.push(value);
    lists.set(lower, list);
  }
  return lists;
}

const single = (values: string[] | string): string | string[] =>
  Array.isArray(values) && values.length === 1 ? (values[0] as string) : values;

function compareMaps(
  a: Map<string, { name: string; values: string[] | string }>,
  b: Map<string, { name: string; values: string[] | string }>,
): PartComparison {
  const result: PartComparison = { onlyInA: [], onlyInB: [], different: [] };
  for (const [key, left] of a) {
    const right = b.get(key);
    if (!right) result.onlyInA.push({ name: left.name, a: single(left.values), b: null });
    else if (JSON.stringify(left.values) !== JSON.stringify(right.values)) {
      result.different.push({ name: left.name, a: single(left.values), b: single(right.values) });
    }
  }
  for (const [key, right] of b) {
    if (!a.has(key)) result.onlyInB.push({ name: right.name, a: null, b: single(right.values) });
  }
  return result;
}

function queryLists(query: QueryMap): Map<string, { name: string; values: string[] | string }> {
  return new Map(Object.entries(query).map(([name, values]) => [name, { name, values }]));
}

function parseJson(event: WebhookEvent): { value: unknown } | null {
  if (event.bodyEncoding !== 'utf8' || event.body.trim() === '') return null;
  try {
    return { value: JSON.parse(event.body) };
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Field-by-field differences of two JSON values, as paths such as `data.items[2].id`. */
export function jsonDifferences(
  a: unknown,
  b: unknown,
  path = '',
): { path: string; a: unknown; b: unknown }[] {
  if (Array.isArray(a) && Array.isArray(b)) {
    const differences = [];
    for (let index = 0; index < Math.max(a.length, b.length); index++) {
      const at = `${path}[${index}]`;
      if (index >= a.length) differences.push({ path: at, a: undefined, b: b[index] });
      else if (index >= b.length) differences.push({ path: at, a: a[index], b: undefined });
      else differences.push(...jsonDifferences(a[index], b[index], at));
    }
    return differences;
  }
  if (isObject(a) && isObject(b)) {
    const differences = [];
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const at = path ? `${path}.${key}` : key;
      if (!(key in a)) differences.push({ path: at, a: undefined, b: b[key] });
      else if (!(key in b)) differences.push({ path: at, a: a[key], b: undefined });
      else differences.push(...jsonDifferences(a[key], b[key], at));
    }
    return differences;
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [{ path: path || '(the whole body)', a, b }];
}

function compareText(a: string, b: string): BodyComparison {
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  const from = Math.max(0, at - CONTEXT_CHARS);
  return {
    same: false,
    kind: 'text',
    lengthA: a.length,
    lengthB: b.length,
    firstDifferenceAt: at,
    line: a.slice(0, at).split('\n').length,
    a: a.slice(from, at + CONTEXT_CHARS),
    b: b.slice(from, at + CONTEXT_CHARS),
  };
}

function compareBodies(a: WebhookEvent, b: WebhookEvent): BodyComparison {
  if (a.bodyEncoding === b.bodyEncoding && a.body === b.body) return { same: true };
  const jsonA = parseJson(a);
  const jsonB = parseJson(b);
  if (jsonA && jsonB) {
    const differences = jsonDifferences(jsonA.value, jsonB.value);
    // Same data written differently (spacing, key order): still a difference in the bytes.
    if (differences.length === 0) return compareText(a.body, b.body);
    return {
      same: false,
      kind: 'json',
      differences: differences.slice(0, MAX_DIFFERENCES),
      more: Math.max(0, differences.length - MAX_DIFFERENCES),
    };
  }
  return compareText(a.body, b.body);
}

function capped(part: PartComparison): PartComparison {
  return {
    onlyInA: part.onlyInA.slice(0, MAX_DIFFERENCES),
    onlyInB: part.onlyInB.slice(0, MAX_DIFFERENCES),
    different: part.different.slice(0, MAX_DIFFERENCES),
  };
}

const isEmpty = (part: PartComparison) =>
  part.onlyInA.length + part.onlyInB.length + part.different.length === 0;

/** Everything that differs between request `a` and request `b`. */
export function compareEvents(a: WebhookEvent, b: WebhookEvent): Comparison {
  const headers = capped(compareMaps(headerLists(a.rawHeaders), headerLists(b.rawHeaders)));
  const query = capped(compareMaps(queryLists(a.queryParams), queryLists(b.queryParams)));
  const body = compareBodies(a, b);
  const method = a.method === b.method ? undefined : { a: a.method, b: b.method };
  const path = a.path === b.path ? undefined : { a: a.path, b: b.path };
  return {
    same: !method && !path && isEmpty(query) && isEmpty(headers) && body.same,
    ...(method ? { method } : {}),
    ...(path ? { path } : {}),
    query,
    headers,
    body,
  };
}
