/**
 * Conditions of a scripted response rule: tests on a request's headers, query parameters and JSON
 * body that must all hold for the rule to match. Written like the templates' names
 * (`header.X-GitHub-Event`, `query.action`, `body.a.b[0]`), checked with the rules' schema and
 * compiled once per rule. Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';
import { decodeQueryPart } from './query-part.js';

export const CONDITION_OPS = ['exists', 'equals', 'contains', 'matches'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];

export const MAX_RULE_CONDITIONS = 10;
export const MAX_CONDITION_VALUE_LENGTH = 1000;
/** Regular expressions longer than this are refused: conditions stay small and quick to test. */
export const MAX_CONDITION_PATTERN_LENGTH = 200;
/** A `matches` test reads at most this many characters of a value. */
export const MAX_MATCHED_TEXT_LENGTH = 8 * 1024;

export interface RuleCondition {
  /** `header.NAME` (any case), `query.NAME` or `body.a.b[0]` (a JSON body's field). */
  field: string;
  op: ConditionOp;
  /** The text compared with (`equals`, `contains`) or the regular expression (`matches`); unused by `exists`. */
  value?: string;
}

/** What conditions read of a request; the body is read only when a body condition asks. */
export interface ConditionRequest {
  /** The query string as sent, without "?". */
  queryString: string;
  rawHeaders: readonly (readonly [string, string])[];
  bodyText: string;
}

type Source = 'header' | 'query' | 'body';
type PathStep = string | number;

interface ParsedField {
  source: Source;
  /** Header name in lower case, or query parameter name. */
  name: string;
  /** The JSON path of a body field. */
  steps: PathStep[];
}

const FIELD_MESSAGE =
  'The field must be header.NAME, query.NAME or body.PATH, such as header.X-GitHub-Event or body.items[0].id.';
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const BODY_STEP = /^(?:\.([^.[\]]+)|\[(\d+)\]|\["([^"]*)"\])/;

/** `a.b[0]["x.y"]` as steps, or null when it is not such a path. */
function parseBodyPath(path: string): PathStep[] | null {
  const steps: PathStep[] = [];
  let rest = path.startsWith('[') ? path : `.${path}`;
  while (rest !== '') {
    const step = BODY_STEP.exec(rest);
    if (!step) return null;
    if (step[1] !== undefined) steps.push(step[1]);
    else if (step[2] !== undefined) steps.push(Number(step[2]));
    else steps.push(step[3] ?? '');
    rest = rest.slice(step[0].length);
  }
  return steps.length > 0 ? steps : null;
}

function parseField(field: string): ParsedField | null {
  const dot = field.indexOf('.');
  const source = field.slice(0, dot);
  const name = field.slice(dot + 1);
  if (dot <= 0 || name === '') return null;
  if (source === 'header') {
    return HEADER_NAME.test(name) ? { source, name: name.toLowerCase(), steps: [] } : null;
  }
  if (source === 'query') return { source, name, steps: [] };
  if (source !== 'body') return null;
  const steps = parseBodyPath(name);
  return steps ? { source, name, steps } : null;
}

/** Why the condition cannot be used, or null when it can. */
export function conditionProblem(condition: RuleCondition): { path: string; message: string } | null {
  const parsed = parseField(condition.field);
  if (!parsed) return { path: 'field', message: FIELD_MESSAGE };
  const { op, value } = condition;
  if (op === 'contains' && parsed.source !== 'body') {
    return { path: 'op', message: 'contains works on body fields; use equals or matches here.' };
  }
  if (op === 'exists') return null;
  if (value === undefined) return { path: 'value', message: `${op} needs a value.` };
  if (op !== 'matches') return null;
  if (value.length > MAX_CONDITION_PATTERN_LENGTH) {
    return {
      path: 'value',
      message: `A regular expression may be at most ${MAX_CONDITION_PATTERN_LENGTH} characters.`,
    };
  }
  try {
    new RegExp(value, 'u');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { path: 'value', message: `This is not a regular expression: ${reason}.` };
  }
  return null;
}

export const ruleConditionSchema = z
  .strictObject(
    {
      field: z.string({ error: FIELD_MESSAGE }).max(MAX_CONDITION_VALUE_LENGTH, FIELD_MESSAGE),
      op: z.enum(CONDITION_OPS, { error: 'op must be exists, equals, contains or matches.' }),
      value: z
        .string({ error: 'The value must be text.' })
        .max(MAX_CONDITION_VALUE_LENGTH, `The value may be at most ${MAX_CONDITION_VALUE_LENGTH} characters.`)
        .optional(),
    },
    { error: 'A condition must be an object with a field and an op.' },
  )
  .superRefine((condition, context) => {
    const problem = conditionProblem(condition);
    if (problem) context.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
  });

export const ruleConditionsSchema = z
  .array(ruleConditionSchema, { error: 'conditions must be a list.' })
  .max(MAX_RULE_CONDITIONS, `A rule may have at most ${MAX_RULE_CONDITIONS} conditions.`);

/** The request's parts as conditions read them, each worked out once and only when asked. */
export interface ConditionScope {
  header(lowerName: string): string | undefined;
  query(name: string): string | undefined;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json(): unknown;
}

/** Headers by name in any case (repeated ones joined with ", "), the first value of each query parameter. */
export function conditionScope(request: ConditionRequest): ConditionScope {
  let headers: Map<string, string> | undefined;
  let query: Map<string, string> | undefined;
  let json: { value: unknown } | undefined;
  return {
    header(lowerName) {
      if (!headers) {
        headers = new Map();
        for (const [name, value] of request.rawHeaders) {
          const lower = name.toLowerCase();
          const before = headers.get(lower);
          headers.set(lower, before === undefined ? value : `${before}, ${value}`);
        }
      }
      return headers.get(lowerName);
    },
    query(name) {
      if (!query) {
        query = new Map();
        for (const pair of request.queryString.split('&')) {
          if (pair === '') continue;
          const equals = pair.indexOf('=');
          const key = decodeQueryPart(equals === -1 ? pair : pair.slice(0, equals));
          if (!query.has(key)) query.set(key, equals === -1 ? '' : decodeQueryPart(pair.slice(equals + 1)));
        }
      }
      return query.get(name);
    },
    json() {
      if (!json) {
        try {
          json = { value: JSON.parse(request.bodyText) as unknown };
        } catch {
          json = { value: undefined };
        }
      }
      return json.value;
    },
  };
}

function stepInto(value: unknown, step: PathStep): unknown {
  if (typeof step === 'number') return Array.isArray(value) ? value[step] : undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return Object.hasOwn(value, step) ? (value as Record<string, unknown>)[step] : undefined;
}

/** A JSON value as conditions compare it: strings as they are, everything else as its JSON. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

type Test = (found: unknown) => boolean;

function valueTest(op: ConditionOp, value: string, isBody: boolean): Test {
  switch (op) {
    case 'exists':
      return (found) => found !== undefined;
    case 'equals':
      return (found) => found !== undefined && asText(found) === value;
    case 'contains':
      return (found) =>
        Array.isArray(found)
          ? found.some((item) => asText(item) === value)
          : found !== undefined && asText(found).includes(value);
    case 'matches': {
      const pattern = new RegExp(value, 'u');
      return (found) =>
        found !== undefined && (isBody || typeof found === 'string')
          ? pattern.test(asText(found).slice(0, MAX_MATCHED_TEXT_LENGTH))
          : false;
    }
  }
}

/** A condition built once: the test of one request. Assumes a condition the schema accepted. */
export function compileCondition(condition: RuleCondition): (scope: ConditionScope) => boolean {
  const parsed = parseField(condition.field);
  if (!parsed) return () => false;
  const test = valueTest(condition.op, condition.value ?? '', parsed.source === 'body');
  switch (parsed.source) {
    case 'header':
      return (scope) => test(scope.header(parsed.name));
    case 'query':
      return (scope) => test(scope.query(parsed.name));
    case 'body':
      return (scope) => {
        let found = scope.json();
        for (const step of parsed.steps) found = stepInto(found, step);
        return test(found);
      };
  }
}

/** Every condition compiled; true for a request when all hold (and for any request without conditions). */
export function compileConditions(
  conditions: readonly RuleCondition[] | undefined,
): ((scope: ConditionScope) => boolean) | null {
  if (!conditions || conditions.length === 0) return null;
  const tests = conditions.map(compileCondition);
  return (scope) => tests.every((test) => test(scope));
}
