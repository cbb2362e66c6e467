/**
 * Contracts: JSON Schemas a session expects its captured JSON bodies to follow, each for a path
 * glob (the glob of scripted responses), optionally one method and one header value. The input
 * rules the drawer and the server share, and the rule that picks the contract covering a request.
 * Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';
import { methodOrAnySchema } from './method-field.js';
import { globToRegExp, pathGlobSchema } from './path-glob.js';

/** Contracts one session keeps, OpenAPI imports included. */
export const MAX_CONTRACTS = 50;
/** Bytes of one contract's schema, and of one OpenAPI document, as sent. */
export const MAX_CONTRACT_BYTES = 1024 * 1024;
export const MAX_CONTRACT_NAME_LENGTH = 200;
/** Characters of a value shown in a violation; longer values are cut with "…". */
export const VIOLATION_VALUE_MAX = 120;
/** Violations kept per request: Ajv reports every one, a huge array could report thousands. */
export const MAX_VIOLATIONS = 100;

export const CONTRACT_SOURCES = ['schema', 'openapi'] as const;
export type ContractSource = (typeof CONTRACT_SOURCES)[number];

export interface ContractHeader {
  /** Compared without regard to case. */
  name: string;
  /** Compared exactly, after trimming. */
  value: string;
}

export interface Contract {
  id: string;
  name: string;
  /** Glob over the path below the webhook URL, as in scripted responses. */
  path: string;
  /** `*` or one method, upper case. */
  method: string;
  header: ContractHeader | null;
  /** A JSON Schema, draft 2020-12. */
  schema: Record<string, unknown>;
  source: ContractSource;
  createdAt: string;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const contractHeaderSchema = z.object(
  {
    name: z
      .string({ error: 'The header name must be text.' })
      .trim()
      .regex(HEADER_NAME, { error: 'The header name must be a header name, such as X-GitHub-Event.' }),
    value: z
      .string({ error: 'The header value must be text.' })
      .trim()
      .min(1, 'The header value must not be empty.')
      .max(1000, 'The header value must be at most 1000 characters.'),
  },
  { error: 'The header must be {"name": …, "value": …}.' },
);

/** What POST /api/contracts and PUT /api/contracts/{id} take. */
export const contractInputSchema = z.object(
  {
    name: z
      .string({ error: 'The name must be text.' })
      .trim()
      .min(1, 'The name must not be empty.')
      .max(MAX_CONTRACT_NAME_LENGTH, `The name must be at most ${MAX_CONTRACT_NAME_LENGTH} characters.`),
    path: pathGlobSchema,
    method: methodOrAnySchema,
    header: contractHeaderSchema.nullable().default(null),
    schema: z.record(z.string(), z.unknown(), { error: 'The schema must be a JSON Schema object.' }),
  },
  { error: 'Send {"name": …, "schema": {…}}.' },
);

export type ContractInput = z.input<typeof contractInputSchema>;
export type ContractFields = z.output<typeof contractInputSchema>;

/** What POST /api/contracts/openapi takes: the document's text, JSON or YAML. */
export const openApiImportSchema = z.object(
  {
    document: z
      .string({ error: 'The document must be the text of an OpenAPI document, JSON or YAML.' })
      .min(1, 'The document must not be empty.'),
  },
  { error: 'Send {"document": "…"}.' },
);

export interface ContractTarget {
  method: string;
  test(path: string): boolean;
  header: { name: string; value: string } | null;
}

/** The method, path and header test of a contract, built once. */
export function compileTarget(contract: Pick<Contract, 'method' | 'path' | 'header'>): ContractTarget {
  const pattern = globToRegExp(contract.path);
  return {
    method: contract.method.toUpperCase(),
    test: (path) => pattern.test(path),
    header: contract.header
      ? { name: contract.header.name.toLowerCase(), value: contract.header.value.trim() }
      : null,
  };
}

/**
 * Index of the first contract covering the request (method, path and header all match), or -1.
 * `rawHeaders` are the request's name/value pairs as sent.
 */
export function firstCoveringContract(
  targets: readonly ContractTarget[],
  method: string,
  path: string,
  rawHeaders: readonly (readonly [string, string])[],
): number {
  const upper = method.toUpperCase();
  return targets.findIndex((target) => {
    if (target.method !== '*' && target.method !== upper) return false;
    if (!target.test(path)) return false;
    const header = target.header;
    if (!header) return true;
    return rawHeaders.some(
      ([name, value]) => name.toLowerCase() === header.name && value.trim() === header.value,
    );
  });
}

/** A value as JSON text, cut to VIOLATION_VALUE_MAX characters. */
export function shortJson(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > VIOLATION_VALUE_MAX ? `${text.slice(0, VIOLATION_VALUE_MAX - 1)}…` : text;
}

/** The value at a JSON pointer (RFC 6901) in `root`; undefined when there is none. */
export function valueAtPointer(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  let current: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A stored contract as the API answers it. */
export const contractSchema = z.object({
  id: z.string(),
  name: z.string(),
  path: z.string().describe('Path glob below the webhook URL; `*` matches any run of characters.'),
  method: z.string().describe('`*` or one method.'),
  header: z.object({ name: z.string(), value: z.string() }).nullable(),
  schema: z.record(z.string(), z.unknown()).describe('The JSON Schema, draft 2020-12.'),
  source: z.enum(CONTRACT_SOURCES),
  createdAt: z.string(),
});
