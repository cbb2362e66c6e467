/**
 * Contracts from an OpenAPI 3.0 or 3.1 document: the JSON request body of every operation under
 * `paths` (path glob from the path, `{param}` becoming `*`) and under `webhooks` (any path, named
 * after the webhook). The document is parsed here (JSON, or YAML with the `yaml` package) and
 * handed to the OpenAPI parser as an object: a text would be taken for a file name.
 * References must stay inside the document: Hookbay reads no file and fetches nothing.
 * The parser and the YAML library are loaded on the first import rather than at start, where
 * every worker would hold them for a request few make.
 */
import { MAX_CONTRACT_BYTES, type ContractFields } from '../../../../shared/contracts.js';
import { isValidPathGlob } from '../../../../shared/path-glob.js';
import { InvalidInputError } from '../../http/errors.js';
import { compileSchema, findRemoteRef, type JsonValidator } from './compile.js';

type Json = Record<string, unknown>;
const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

async function parseDocument(text: string): Promise<Json> {
  if (Buffer.byteLength(text) > MAX_CONTRACT_BYTES) {
    throw new InvalidInputError(`document: must be at most ${MAX_CONTRACT_BYTES / 1024 / 1024} MiB.`);
  }
  const isJson = text.trimStart().startsWith('{');
  const yaml = isJson ? null : await import('yaml');
  let parsed: unknown;
  try {
    parsed = yaml ? yaml.parse(text, { maxAliasCount: 100 }) : JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : 'unreadable';
    throw new InvalidInputError(`document: is neither JSON nor YAML: ${message}`);
  }
  if (!isObject(parsed)) throw new InvalidInputError('document: must be an OpenAPI document (an object).');
  const version = parsed.openapi;
  if (typeof version !== 'string' || !/^3\.[01]\./.test(version)) {
    throw new InvalidInputError('document/openapi: must be 3.0.x or 3.1.x (Swagger 2.0 is not read).');
  }
  return parsed;
}

/** "must have required property 'version' (line 3: version is missing here!)" from the parser's framed message. */
function readableProblem(message: string): string {
  const lines = message.split('\n');
  const first = (lines[0] ?? '').replace(/^[A-Z_]+ /, '');
  const line = lines.map((text) => /^>\s*(\d+) \|/.exec(text)?.[1]).find(Boolean);
  const hint = lines.map((text) => /\^\s+(.*)$/.exec(text)?.[1]).find(Boolean);
  return line ? `${first} (line ${line}${hint ? `: ${hint}` : ''})` : first;
}

async function checkDocument(document: Json): Promise<void> {
  const remote = findRemoteRef(document);
  if (remote) throw new InvalidInputError(`document${remote}`);
  const { validate } = await import('@readme/openapi-parser');
  const result = await validate(structuredClone(document) as never, {
    resolve: { external: false, file: false },
  });
  if (!result.valid) {
    const first = result.errors[0]?.message ?? 'is not a valid OpenAPI document';
    throw new InvalidInputError(`document: ${readableProblem(first)}`);
  }
}

/** Follows a `#/…` reference inside the document; the value itself when it is no reference. */
function follow(document: Json, value: unknown): unknown {
  for (let hops = 0; isObject(value) && typeof value.$ref === 'string' && hops < 20; hops++) {
    let target: unknown = document;
    for (const raw of value.$ref.replace(/^#\/?/, '').split('/')) {
      if (!raw) continue;
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      target = isObject(target) ? target[key] : undefined;
    }
    value = target;
  }
  return value;
}

/** OpenAPI 3.0's schema dialect into JSON Schema 2020-12: `nullable` and boolean exclusive bounds. */
function fromOpenApi30(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(fromOpenApi30);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = fromOpenApi30(value);
  if (out.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  delete out.nullable;
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else delete out[flag];
  }
  return out;
}

function jsonBodySchema(document: Json, operation: unknown): Json | null {
  const requestBody = follow(document, isObject(operation) ? operation.requestBody : undefined);
  if (!isObject(requestBody) || !isObject(requestBody.content)) return null;
  const content = requestBody.content;
  const mediaType =
    Object.keys(content).find((type) => type.split(';')[0]?.trim().toLowerCase() === 'application/json') ??
    Object.keys(content).find((type) => /[/+]json\b/i.test(type));
  const media = mediaType ? content[mediaType] : undefined;
  return isObject(media) && isObject(media.schema) ? media.schema : null;
}

interface Found {
  name: string;
  path: string;
  method: string;
  schema: Json;
}

function operationsOf(document: Json, items: unknown, kind: 'path' | 'webhook'): Found[] {
  if (!isObject(items)) return [];
  const found: Found[] = [];
  for (const [key, rawItem] of Object.entries(items)) {
    const item = follow(document, rawItem);
    if (!isObject(item)) continue;
    for (const method of OPERATION_METHODS) {
      const operation = item[method];
      const schema = jsonBodySchema(document, operation);
      if (!schema) continue;
      const operationId =
        isObject(operation) && typeof operation.operationId === 'string' ? operation.operationId : '';
      const glob = key.replace(/\{[^}]*\}/g, '*');
      found.push({
        name:
          kind === 'webhook'
            ? `Webhook ${key}`
            : `${method.toUpperCase()} ${key}${operationId ? ` (${operationId})` : ''}`,
        path: kind === 'path' && isValidPathGlob(glob) ? glob : '*',
        method: method.toUpperCase(),
        schema,
      });
    }
  }
  return found;
}

/** Every `#/components/{section}/{name}` reference inside `node`, as [section, name]. */
function componentRefs(node: unknown, found: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) for (const item of node) componentRefs(item, found);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/')) {
        const [section, name] = value
          .slice('#/components/'.length)
          .split('/')
          .map((raw) => decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~'));
        if (section && name !== undefined) found.push([section, name]);
      } else componentRefs(value, found);
    }
  }
  return found;
}

/** The components `schema` reaches, following references between them; null when it reaches none. */
function reachedComponents(schema: Json, components: Json): Json | null {
  const reached: Record<string, Json> = {};
  const pending = componentRefs(schema);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [section, name] = next;
    const entries = components[section];
    if (!isObject(entries) || !(name in entries) || reached[section]?.[name] !== undefined) continue;
    reached[section] = { ...reached[section], [name]: entries[name] };
    componentRefs(entries[name], pending);
  }
  return Object.keys(reached).length > 0 ? reached : null;
}

/** A contract found in a document, with the validator its schema compiled to on the way. */
export interface ImportedContract {
  fields: ContractFields;
  validate: JsonValidator;
}

/**
 * The contracts an OpenAPI document describes, in document order (webhooks first), each schema
 * compiled once to prove it. Throws InvalidInputError saying where when the document is too large,
 * unreadable, not OpenAPI 3.x, invalid, refers outside itself, has no JSON request body, or holds a
 * schema that does not compile.
 */
export async function contractsFromOpenApi(text: string): Promise<ImportedContract[]> {
  const document = await parseDocument(text);
  await checkDocument(document);
  const is30 = String(document.openapi).startsWith('3.0.');
  const components = isObject(document.components) ? document.components : undefined;
  const found = [
    ...operationsOf(document, document.webhooks, 'webhook'),
    ...operationsOf(document, document.paths, 'path'),
  ];
  if (found.length === 0) {
    throw new InvalidInputError('document: describes no JSON request body under paths or webhooks.');
  }
  return found.map(({ name, path, method, schema }) => {
    // References into components resolve against the contract itself, so the components it reaches
    // travel with it; only those, so that a large document's contracts each compile what they use.
    const reached = components ? reachedComponents(schema, components) : null;
    const whole: Json = reached ? { ...schema, components: reached } : schema;
    const converted = (is30 ? fromOpenApi30(whole) : whole) as Json;
    const validate = compileSchema(converted, `document (${name})`);
    return { fields: { name, path, method, header: null, schema: converted }, validate };
  });
}
