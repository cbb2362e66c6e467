/**
 * One JSON Schema (draft 2020-12) that every given JSON value satisfies, inferred from the values
 * alone. A property is required only when every object sample has it; a value seen with several
 * types gets them all (`type: [...]`); a string field with few distinct values over enough samples
 * becomes an enum; strings that all look like one format say so (date-time, uuid, email, uri).
 * Hand-written: no installed library infers schemas (see docs/decisions.md).
 */

/** A string field becomes an enum when it shows at most this many distinct values… */
export const ENUM_MAX_VALUES = 5;
/** …over at least this many samples, with at least one value repeated. */
export const ENUM_MIN_SAMPLES = 3;

type Kind = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';
const KIND_ORDER: Kind[] = ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null'];

export type JsonSchema = Record<string, unknown>;

/** Everything seen at one place in the samples. */
interface Node {
  kinds: Set<Kind>;
  strings: string[];
  /** Every element of every array seen here. */
  items: Node | null;
  /** Objects seen here, and per property how many of them had it (with its values merged). */
  objects: number;
  properties: Map<string, { count: number; node: Node }>;
}

const FORMATS: [string, (value: string) => boolean][] = [
  [
    'date-time',
    (value) =>
      /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.test(value) &&
      !Number.isNaN(Date.parse(value)),
  ],
  ['uuid', (value) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)],
  ['email', (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)],
  ['uri', (value) => /^[a-z][a-z0-9+.-]*:\/\/[^\s]+$/i.test(value)],
];

function newNode(): Node {
  return { kinds: new Set(), strings: [], items: null, objects: 0, properties: new Map() };
}

function kindOf(value: unknown): Kind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string') return 'string';
  return 'object';
}

/** Places nested deeper than this are typed by their kind alone: a sender's nesting has no bound. */
export const MAX_DEPTH = 32;

function add(node: Node, value: unknown, depth = 0): void {
  const kind = kindOf(value);
  node.kinds.add(kind);
  if (kind === 'string') node.strings.push(value as string);
  if (depth >= MAX_DEPTH) return;
  if (kind === 'array') {
    node.items ??= newNode();
    for (const item of value as unknown[]) add(node.items, item, depth + 1);
  }
  if (kind === 'object') {
    node.objects++;
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      let entry = node.properties.get(key);
      if (!entry) {
        entry = { count: 0, node: newNode() };
        node.properties.set(key, entry);
      }
      entry.count++;
      add(entry.node, child, depth + 1);
    }
  }
}

function stringKeywords(strings: string[]): JsonSchema {
  if (strings.length === 0) return {};
  const format = FORMATS.find(([, test]) => strings.every(test))?.[0];
  if (format) return { format };
  const distinct = [...new Set(strings)];
  const isEnum =
    strings.length >= ENUM_MIN_SAMPLES &&
    distinct.length <= ENUM_MAX_VALUES &&
    distinct.length < strings.length;
  return isEnum ? { enum: distinct.sort() } : {};
}

function toSchema(node: Node): JsonSchema {
  // An integer-only place is an integer; once a fraction was seen, it is a number.
  const kinds = KIND_ORDER.filter(
    (kind) => node.kinds.has(kind) && !(kind === 'integer' && node.kinds.has('number')),
  );
  if (kinds.length === 0) return {};
  const schema: JsonSchema = { type: kinds.length === 1 ? kinds[0] : kinds };
  if (node.kinds.has('object')) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [key, { count, node: child }] of node.properties) {
      properties[key] = toSchema(child);
      if (count === node.objects) required.push(key);
    }
    schema.properties = properties;
    if (required.length > 0) schema.required = required;
  }
  if (node.kinds.has('array') && node.items && node.items.kinds.size > 0) schema.items = toSchema(node.items);
  const strings = stringKeywords(node.strings);
  // An enum lists every allowed value, so it only fits a place holding nothing but strings (and null).
  if (strings.enum && kinds.some((kind) => kind !== 'string' && kind !== 'null')) delete strings.enum;
  if (strings.enum && kinds.includes('null')) strings.enum = [...(strings.enum as string[]), null];
  return { ...schema, ...strings };
}

/** The schema every sample satisfies; `{}` (anything) when there are none. */
export function inferSchema(samples: readonly unknown[], title = 'CapturedBody'): JsonSchema {
  const root = newNode();
  for (const sample of samples) add(root, sample);
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', title, ...toSchema(root) };
}
