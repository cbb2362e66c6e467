/**
 * Turning a contract's JSON Schema into a validator (once per contract, kept by the contracts
 * cache) and a failed validation into violations a person can read. Each contract gets its own
 * Ajv instance, so contracts with the same `$id` never clash and a dropped contract frees its code.
 * Hookbay fetches nothing: a `$ref` that leaves the schema is refused before Ajv sees it.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { MAX_VIOLATIONS, shortJson, valueAtPointer } from '../../../../shared/contracts.js';
import type { ContractViolation } from '../../../../shared/verdicts.js';
import { InvalidInputError } from '../../http/errors.js';

// ajv-formats is CommonJS with a default export; under NodeNext its callable sits on .default.
const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule }).default;

export type JsonValidator = ValidateFunction;

function newAjv(): Ajv2020 {
  // strict off: OpenAPI schemas carry keywords such as `example`, `xml` or `discriminator`.
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  return ajv;
}

/** The JSON pointer of `path` inside a schema, for messages ("/properties/a/type"). */
function pointerOf(path: readonly (string | number)[]): string {
  return path.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The first `$ref` (or `$dynamicRef`) that points outside the document, with where it is. */
export function findRemoteRef(node: unknown, path: (string | number)[] = []): string | null {
  if (node === null || typeof node !== 'object') return null;
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) {
      const found = findRemoteRef(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, value] of Object.entries(node)) {
    if ((key === '$ref' || key === '$dynamicRef') && typeof value === 'string' && !value.startsWith('#')) {
      return `${pointerOf([...path, key])}: "${value}" is a remote reference; Hookbay fetches nothing, so only references inside the document (starting with #) are allowed.`;
    }
    const found = findRemoteRef(value, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * Compiles a JSON Schema (draft 2020-12) with every error reported. Throws InvalidInputError
 * naming `field` and the place in the schema when it refers outside itself, is not a valid
 * schema, or does not compile.
 */
export function compileSchema(schema: Record<string, unknown>, field = 'schema'): JsonValidator {
  const remote = findRemoteRef(schema);
  if (remote) throw new InvalidInputError(`${field}${remote}`);
  const ajv = newAjv();
  if (!ajv.validateSchema(schema)) {
    const first = ajv.errors?.[0];
    const where = first?.instancePath ?? '';
    throw new InvalidInputError(
      `${field}${where}: ${first?.message ?? 'is not a valid JSON Schema'} (JSON Schema draft 2020-12).`,
    );
  }
  try {
    return ajv.compile(schema);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new InvalidInputError(`${field}: ${message}`);
  }
}

/** What the keyword wanted, in words. */
function expectedOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      return `type ${String(params.type)}`;
    case 'required':
      return 'a value (required)';
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'no such property';
    case 'enum':
      return `one of ${shortJson(params.allowedValues)}`;
    case 'const':
      return shortJson(params.allowedValue);
    case 'format':
      return `format ${String(params.format)}`;
    default:
      return error.message ?? error.keyword;
  }
}

/** The pointer of the value at fault: a missing or unexpected property is named in the pointer. */
function pointerOfError(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const property =
    error.keyword === 'required'
      ? params.missingProperty
      : error.keyword === 'additionalProperties'
        ? params.additionalProperty
        : error.keyword === 'unevaluatedProperties'
          ? params.unevaluatedProperty
          : undefined;
  if (typeof property !== 'string') return error.instancePath;
  return `${error.instancePath}/${property.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/**
 * Every violation of a body that failed `validate` (Ajv's errors after allErrors), at most
 * MAX_VIOLATIONS, duplicates (same pointer and message) dropped. Values are cut to a short JSON.
 */
export function violationsOf(errors: readonly ErrorObject[], body: unknown): ContractViolation[] {
  const seen = new Set<string>();
  const violations: ContractViolation[] = [];
  for (const error of errors) {
    const pointer = pointerOfError(error);
    const message = `${pointer || '/'} ${error.message ?? 'is not valid'}`;
    const key = `${pointer}\n${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const actual = error.keyword === 'required' ? 'nothing' : shortJson(valueAtPointer(body, pointer));
    violations.push({ pointer, expected: expectedOf(error), actual, message });
    if (violations.length >= MAX_VIOLATIONS) break;
  }
  return violations;
}
