/**
 * The captured request as response templates see it: method and path, and the query, headers and
 * body built only when a template reads them. Objects without a prototype, so a template reads
 * only the request's own fields.
 */
import { decodeQueryPart } from './query-part.js';

/** What a template may read of a captured request. */
export interface TemplateRequest {
  method: string;
  /** The path below the webhook URL, starting with "/". */
  path: string;
  /** The query string as sent, without "?". */
  queryString: string;
  rawHeaders: readonly (readonly [string, string])[];
  /** The body as text. */
  bodyText: string;
}

/** Where `{{uuid}}` and `{{now}}` come from (the server and the browser each have their own). */
export interface TemplateTools {
  uuid(): string;
  now(): Date;
}

export type ScopeNode = Record<string | symbol, unknown>;

/** An object with no prototype that prints as `text`: `{{ query.hub }}` beside `{{ query.hub.challenge }}`. */
function printingNode(text: () => string): ScopeNode {
  const node: ScopeNode = Object.create(null) as ScopeNode;
  node[Symbol.toPrimitive] = text;
  return node;
}

/** Puts `value` at the dotted name's place: `hub.challenge` becomes `hub` → `challenge`. */
function placeDotted(root: ScopeNode, segments: string[], value: string): void {
  let parent = root;
  for (const [index, segment] of segments.entries()) {
    const existing = parent[segment];
    if (index === segments.length - 1) {
      if (existing === undefined) parent[segment] = value;
      else if (typeof existing === 'object' && existing !== null) {
        (existing as ScopeNode)[Symbol.toPrimitive] = () => value;
      }
      return;
    }
    if (typeof existing === 'object' && existing !== null) {
      parent = existing as ScopeNode;
      continue;
    }
    const text = typeof existing === 'string' ? existing : '';
    const node = printingNode(() => text);
    parent[segment] = node;
    parent = node;
  }
}

/**
 * Query parameters by name (the first value of a repeated one). A name with dots is there both
 * whole, `query["hub.challenge"]`, and as a path, `query.hub.challenge`. Prints as the query string.
 */
function queryScope(queryString: string): ScopeNode {
  const root = printingNode(() => queryString);
  const seen = new Set<string>();
  for (const pair of queryString.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = decodeQueryPart(equals === -1 ? pair : pair.slice(0, equals));
    if (seen.has(name)) continue;
    seen.add(name);
    const value = equals === -1 ? '' : decodeQueryPart(pair.slice(equals + 1));
    const segments = name.split('.');
    if (segments.length > 1 && segments.every((segment) => segment !== ''))
      placeDotted(root, segments, value);
    // The whole name last, so it wins over a path that ends at the same key.
    root[name] = root[name] ?? value;
    if (typeof root[name] === 'object' && segments.length === 1) {
      (root[name] as ScopeNode)[Symbol.toPrimitive] = () => value;
    }
  }
  return root;
}

/** Headers by name in any case; repeated ones joined with ", ". Prints as nothing. */
function headerScope(rawHeaders: TemplateRequest['rawHeaders']): ScopeNode {
  const values = new Map<string, string>();
  for (const [name, value] of rawHeaders) {
    const lower = name.toLowerCase();
    const before = values.get(lower);
    values.set(lower, before === undefined ? value : `${before}, ${value}`);
  }
  const lookup = (key: string | symbol) =>
    typeof key === 'string' ? values.get(key.toLowerCase()) : undefined;
  return new Proxy(Object.create(null) as ScopeNode, {
    get: (_target, key) => (key === Symbol.toPrimitive ? () => '' : lookup(key)),
    has: (_target, key) => lookup(key) !== undefined,
    ownKeys: () => [...values.keys()],
    getOwnPropertyDescriptor: (_target, key) => {
      const value = lookup(key);
      return value === undefined
        ? undefined
        : { value, enumerable: true, configurable: true, writable: false };
    },
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A JSON body's fields, each object without a prototype and printing as its JSON; the body
 * itself prints as sent. A body that is not a JSON object or array is just its text.
 */
function bodyScope(text: string): unknown {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, (_key, value: unknown) => {
      if (!isPlainObject(value)) return value;
      const node = Object.assign(Object.create(null) as ScopeNode, value);
      node[Symbol.toPrimitive] = () => JSON.stringify(node);
      return node;
    });
  } catch {
    // Not JSON, or nested too deep to walk: the text alone.
    return text;
  }
  const root = isPlainObject(parsed)
    ? (parsed as ScopeNode)
    : Object.assign(Object.create(null) as ScopeNode, parsed as unknown[]);
  root[Symbol.toPrimitive] = () => text;
  return root;
}

/** The request as templates see it; each part is built only when a template reads it. */
export function requestScope(request: TemplateRequest, tools: TemplateTools): ScopeNode {
  const scope: ScopeNode = Object.create(null) as ScopeNode;
  const lazy = (name: string, build: () => unknown) => {
    let value: unknown;
    let isBuilt = false;
    Object.defineProperty(scope, name, {
      enumerable: true,
      get() {
        if (!isBuilt) {
          value = build();
          isBuilt = true;
        }
        return value;
      },
    });
  };
  scope.method = request.method;
  scope.path = request.path;
  lazy('query', () => queryScope(request.queryString));
  lazy('header', () => headerScope(request.rawHeaders));
  lazy('body', () => bodyScope(request.bodyText));
  lazy('uuid', () => tools.uuid());
  lazy('now', () => tools.now().toISOString());
  return scope;
}
