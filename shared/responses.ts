/**
 * Scripted responses: rules that decide what the webhook URL answers its senders, the input rules
 * the panel and the server share, the path glob and the sequence rule. Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';
import { actsOnBrowserState } from './browser-state-headers.js';
import { isHopByHop } from './hop-by-hop.js';

export const RULE_THEN = ['repeat-last', 'cycle'] as const;
export type RuleThen = (typeof RULE_THEN)[number];

export const MAX_RULES = 50;
export const MAX_RULE_RESPONSES = 20;
export const MAX_RESPONSE_HEADERS = 20;
export const MAX_RESPONSE_BODY_BYTES = 64 * 1024;
export const MAX_RESPONSE_DELAY_MS = 30_000;
/** Long enough for any real path pattern; keeps a rule's regular expression small. */
export const MAX_RULE_PATH_LENGTH = 1000;

/** What a sender gets. */
export interface ScriptedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  delayMs: number;
}

export interface ResponseRule {
  /** `*` or one method, upper case. */
  method: string;
  /** Glob over the path below the webhook URL; `*` matches any run of characters, `/` included. */
  path: string;
  responses: ScriptedResponse[];
  then: RuleThen;
}

export interface ResponseRules {
  rules: ResponseRule[];
}

/** Why the header may not be set by a rule, or null when it may. */
export function refusedHeaderReason(name: string): string | null {
  const lower = name.toLowerCase();
  if (lower === 'content-length') return 'Content-Length is computed from the body and cannot be set.';
  if (isHopByHop(lower)) {
    return `${name} is a hop-by-hop header and cannot be set.`;
  }
  if (actsOnBrowserState(lower)) {
    return `${name} would act on Hookbay's own cookies or storage in a visitor's browser and cannot be set.`;
  }
  return null;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What Node accepts in a header value: tab, visible ASCII and space, and bytes 0x80-0xFF. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const METHOD = /^[A-Za-z][A-Za-z-]{0,19}$/;

/** Bytes of `text` in UTF-8, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      // A surrogate pair is one character of four bytes.
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

function headerProblem(name: string, value: string, seen: Set<string>): string | null {
  if (!HEADER_NAME.test(name)) return `"${name}" is not a valid header name.`;
  const refused = refusedHeaderReason(name);
  if (refused) return refused;
  if (seen.has(name.toLowerCase())) return `${name} is given twice.`;
  if (!HEADER_VALUE.test(value)) return 'The value holds a character headers cannot carry.';
  return null;
}

const headersSchema = z
  .record(z.string(), z.string({ error: 'A header value must be text.' }), {
    error: 'Headers must be an object of names and values.',
  })
  .superRefine((headers, context) => {
    const entries = Object.entries(headers);
    if (entries.length > MAX_RESPONSE_HEADERS) {
      context.addIssue({ code: 'custom', message: `At most ${MAX_RESPONSE_HEADERS} headers.` });
      return;
    }
    const seen = new Set<string>();
    for (const [name, value] of entries) {
      const problem = headerProblem(name, value, seen);
      seen.add(name.toLowerCase());
      if (problem) context.addIssue({ code: 'custom', message: problem, path: [name] });
    }
  });

export const scriptedResponseSchema = z.object(
  {
    status: z
      .number({ error: 'The status must be a number from 100 to 599.' })
      .int('The status must be a number from 100 to 599.')
      .min(100, 'The status must be a number from 100 to 599.')
      .max(599, 'The status must be a number from 100 to 599.'),
    headers: headersSchema.default({}),
    body: z
      .string({ error: 'The body must be text.' })
      .refine((body) => utf8Length(body) <= MAX_RESPONSE_BODY_BYTES, {
        error: `The body may be at most ${MAX_RESPONSE_BODY_BYTES / 1024} KiB.`,
      })
      .default(''),
    delayMs: z
      .number({ error: `The delay must be a number of milliseconds from 0 to ${MAX_RESPONSE_DELAY_MS}.` })
      .int(`The delay must be a whole number of milliseconds.`)
      .min(0, `The delay must be from 0 to ${MAX_RESPONSE_DELAY_MS} ms.`)
      .max(MAX_RESPONSE_DELAY_MS, `The delay must be from 0 to ${MAX_RESPONSE_DELAY_MS} ms.`)
      .default(0),
  },
  { error: 'A response must be an object with a status.' },
);

export const responseRuleSchema = z.object(
  {
    method: z
      .string({ error: 'The method must be * or one HTTP method.' })
      .refine((method) => method === '*' || METHOD.test(method), {
        error: 'The method must be * or one HTTP method, such as POST.',
      })
      .transform((method) => method.toUpperCase())
      .default('*'),
    path: z
      .string({ error: 'The path must be text.' })
      .refine((path) => isValidPathGlob(path), {
        error: 'The path must start with / or *, with no spaces, ? or #, for example /github/*.',
      })
      .default('*'),
    responses: z
      .array(scriptedResponseSchema, { error: 'A rule needs a list of responses.' })
      .min(1, 'A rule needs at least one response.')
      .max(MAX_RULE_RESPONSES, `A rule may have at most ${MAX_RULE_RESPONSES} responses.`),
    then: z.enum(RULE_THEN, { error: 'then must be repeat-last or cycle.' }).default('repeat-last'),
  },
  { error: 'A rule must be an object.' },
);

export const responseRulesSchema = z.object(
  {
    rules: z
      .array(responseRuleSchema, { error: 'rules must be a list.' })
      .max(MAX_RULES, `At most ${MAX_RULES} rules.`),
  },
  { error: 'Send {"rules": [...]}.' },
);

export type ResponseRuleInput = z.input<typeof responseRuleSchema>;

/** `rules[2].responses[0].status` for zod's ['rules', 2, 'responses', 0, 'status']. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) => {
      if (typeof part === 'number') return `[${part}]`;
      return index === 0 ? String(part) : `.${String(part)}`;
    })
    .join('');
}

/** The rules in `input` with defaults filled in, or the first problem in words, naming its field. */
export function parseResponseRules(input: unknown): { rules: ResponseRule[] } | { error: string } {
  const result = responseRulesSchema.safeParse(input);
  if (result.success) return { rules: result.data.rules };
  const issue = result.error.issues[0];
  const field = issue?.path.length ? `${fieldName(issue.path)}: ` : '';
  return { error: `${field}${issue?.message ?? 'Invalid rules.'}` };
}

/** A path glob: `*` alone, or starting with `/`; no whitespace, `?` or `#` (the query is not matched). */
export function isValidPathGlob(glob: string): boolean {
  return (
    glob.length > 0 &&
    glob.length <= MAX_RULE_PATH_LENGTH &&
    (glob.startsWith('/') || glob.startsWith('*')) &&
    !/[\s?#]/.test(glob)
  );
}

/** A regular expression for a path glob: `*` matches any run of characters, `/` included; all else is literal. */
export function globToRegExp(glob: string): RegExp {
  const source = glob
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 's');
}

export interface RuleTarget {
  method: string;
  test(path: string): boolean;
}

/** The method and path test of a rule, built once. */
export function compileRule(rule: Pick<ResponseRule, 'method' | 'path'>): RuleTarget {
  const pattern = globToRegExp(rule.path);
  return { method: rule.method.toUpperCase(), test: (path) => pattern.test(path) };
}

/** Index of the first rule matching the request, or -1 when none does. */
export function firstMatchingRule(rules: readonly RuleTarget[], method: string, path: string): number {
  const upper = method.toUpperCase();
  return rules.findIndex((rule) => (rule.method === '*' || rule.method === upper) && rule.test(path));
}

/**
 * Which of a rule's `length` responses its `matchIndex`-th matching request gets (both 0-based):
 * the responses in order, then the last one again (repeat-last) or from the first (cycle).
 */
export function responseIndex(matchIndex: number, length: number, then: RuleThen): number {
  if (matchIndex < length) return matchIndex;
  return then === 'cycle' ? matchIndex % length : length - 1;
}
