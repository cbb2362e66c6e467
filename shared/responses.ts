/**
 * Scripted responses: rules that decide what the webhook URL answers its senders, the input rules
 * the panel and the server share, the sequence rule and a rule's chance. Pure: no Node and no DOM
 * APIs. Headers and sizes are checked by rule-fields.ts, callbacks by response-callbacks.ts;
 * templates in answers are read and evaluated by response-templates.ts.
 */
import { z } from 'zod';
import { methodOrAnySchema } from './method-field.js';
import { actsOnBrowserState } from './browser-state-headers.js';
import { isHopByHop } from './hop-by-hop.js';
import { pathGlobSchema } from './path-glob.js';
import { ruleCallbackSchema, type RuleCallback } from './response-callbacks.js';
import { ruleConditionsSchema, type RuleCondition } from './response-conditions.js';
import {
  MAX_STREAM_DURATION_MS,
  responseStreamSchema,
  streamDuration,
  streamTexts,
  type ResponseStream,
} from './response-streams.js';
import { fieldName, hasTemplate, headersSchema, utf8Length } from './rule-fields.js';

export const RULE_THEN = ['repeat-last', 'cycle'] as const;
export type RuleThen = (typeof RULE_THEN)[number];

/**
 * What a response may do instead of answering: reset the connection before any byte, close it
 * after the head before the body ends, or send nothing until the sender gives up.
 */
export const RESPONSE_FAULTS = ['reset', 'close', 'timeout'] as const;
export type ResponseFault = (typeof RESPONSE_FAULTS)[number];

export const MAX_RULES = 50;
export const MAX_RULE_RESPONSES = 20;
export const MAX_RESPONSE_BODY_BYTES = 64 * 1024;
export const MAX_RESPONSE_DELAY_MS = 30_000;
/** Room for any sensible status template, such as {{ query.status | default: 200 }}. */
export const MAX_STATUS_TEMPLATE_LENGTH = 200;

/** What a sender gets. `status`, header values and `body` may hold `{{ … }}` templates over the request. */
export interface AnswerResponse {
  /** 100-599, or a template text that gives one. */
  status: number | string;
  headers: Record<string, string>;
  body: string;
  delayMs: number;
  /** Sent instead of the body: events or chunks, each after its pause (response-streams.ts). */
  stream?: ResponseStream;
}

/** No answer at all, after the delay: see RESPONSE_FAULTS. */
export interface FaultResponse {
  fault: ResponseFault;
  delayMs: number;
}

export type ScriptedResponse = AnswerResponse | FaultResponse;

export interface ResponseRule {
  /** `*` or one method, upper case. */
  method: string;
  /** Glob over the path below the webhook URL; `*` matches any run of characters, `/` included. */
  path: string;
  responses: ScriptedResponse[];
  then: RuleThen;
  /**
   * Percent (0-100) of the matching captures the rule answers; the others go on to the next rule
   * as if this one did not match. Absent: every matching capture.
   */
  chance?: number;
  /** Makes the chance repeat: the n-th matching capture's draw depends only on seed and n. */
  seed?: number;
  /** Tests on headers, query and JSON body that must all hold as well (response-conditions.ts). */
  conditions?: RuleCondition[];
  /** The sender may pick the status or the response (PICK_STATUS_HEADER and the others below). */
  allowPick?: boolean;
  /** A request Hookbay sends after the answer went out (response-callbacks.ts). */
  callback?: RuleCallback;
}

/** True for a fault; takes a response or anything a fault stands beside (such as a prepared answer). */
export function isFault(response: object): response is FaultResponse {
  return (response as Partial<FaultResponse>).fault !== undefined;
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

const answerHeadersSchema = headersSchema(refusedHeaderReason);

const STATUS_MESSAGE = 'The status must be a number from 100 to 599, or a template such as {{query.status}}.';

const delaySchema = z
  .number({ error: `The delay must be a number of milliseconds from 0 to ${MAX_RESPONSE_DELAY_MS}.` })
  .int(`The delay must be a whole number of milliseconds.`)
  .min(0, `The delay must be from 0 to ${MAX_RESPONSE_DELAY_MS} ms.`)
  .max(MAX_RESPONSE_DELAY_MS, `The delay must be from 0 to ${MAX_RESPONSE_DELAY_MS} ms.`)
  .default(0);

const answerResponseSchema = z.object({
  // Lets the union below tell an answer from a fault.
  fault: z.undefined().optional(),
  status: z.union(
    [
      z.number().int(STATUS_MESSAGE).min(100, STATUS_MESSAGE).max(599, STATUS_MESSAGE),
      z.string().max(MAX_STATUS_TEMPLATE_LENGTH, STATUS_MESSAGE).refine(hasTemplate, STATUS_MESSAGE),
    ],
    { error: STATUS_MESSAGE },
  ),
  headers: answerHeadersSchema.default({}),
  body: z
    .string({ error: 'The body must be text.' })
    .refine((body) => utf8Length(body) <= MAX_RESPONSE_BODY_BYTES, {
      error: `The body may be at most ${MAX_RESPONSE_BODY_BYTES / 1024} KiB.`,
    })
    .default(''),
  delayMs: delaySchema,
  stream: responseStreamSchema.optional(),
});

/** A stream replaces the body, and its texts share the body's size limit. */
const streamedAnswerSchema = answerResponseSchema.superRefine((answer, context) => {
  if (!answer.stream) return;
  if (answer.body !== '') {
    context.addIssue({
      code: 'custom',
      message: 'A streamed answer sends its events or chunks instead of a body; leave the body empty.',
      path: ['body'],
    });
  }
  if (streamDuration(answer.stream) > MAX_STREAM_DURATION_MS) {
    context.addIssue({
      code: 'custom',
      message: `The pauses of a stream may add up to at most ${MAX_STREAM_DURATION_MS / 1000} s.`,
      path: ['stream'],
    });
  }
  const bytes = streamTexts(answer.stream).reduce((total, [, text]) => total + utf8Length(text), 0);
  if (bytes > MAX_RESPONSE_BODY_BYTES) {
    context.addIssue({
      code: 'custom',
      message: `A stream's texts may be at most ${MAX_RESPONSE_BODY_BYTES / 1024} KiB together.`,
      path: ['stream'],
    });
  }
});

const faultResponseSchema = z.strictObject(
  {
    fault: z.enum(RESPONSE_FAULTS),
    delayMs: delaySchema,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `A fault sends no answer, so it takes no ${issue.keys.join(', ')}.`
        : undefined,
  },
);

export const scriptedResponseSchema = z.discriminatedUnion(
  'fault',
  [streamedAnswerSchema, faultResponseSchema],
  {
    error: (issue) =>
      typeof issue.input !== 'object' || issue.input === null
        ? 'A response must be an object with a status, or a fault.'
        : 'fault must be reset, close or timeout.',
  },
);

const CHANCE_MESSAGE = 'The chance must be a percentage from 0 to 100.';

export const responseRuleSchema = z
  .object(
    {
      method: methodOrAnySchema,
      path: pathGlobSchema,
      responses: z
        .array(scriptedResponseSchema, { error: 'A rule needs a list of responses.' })
        .min(1, 'A rule needs at least one response.')
        .max(MAX_RULE_RESPONSES, `A rule may have at most ${MAX_RULE_RESPONSES} responses.`),
      then: z.enum(RULE_THEN, { error: 'then must be repeat-last or cycle.' }).default('repeat-last'),
      chance: z.number({ error: CHANCE_MESSAGE }).min(0, CHANCE_MESSAGE).max(100, CHANCE_MESSAGE).optional(),
      seed: z
        .number({ error: 'The seed must be a whole number.' })
        .refine(Number.isSafeInteger, 'The seed must be a whole number.')
        .optional(),
      conditions: ruleConditionsSchema.optional(),
      allowPick: z.boolean({ error: 'allowPick must be true or false.' }).optional(),
      callback: ruleCallbackSchema.optional(),
    },
    { error: 'A rule must be an object.' },
  )
  .refine((rule) => rule.seed === undefined || rule.chance !== undefined, {
    error: 'A seed only makes sense with a chance.',
    path: ['seed'],
  });

export const responseRulesSchema = z.object(
  {
    rules: z
      .array(responseRuleSchema, { error: 'rules must be a list.' })
      .max(MAX_RULES, `At most ${MAX_RULES} rules.`),
  },
  { error: 'Send {"rules": [...]}.' },
);

export type ResponseRuleInput = z.input<typeof responseRuleSchema>;

/** The rules in `input` with defaults filled in, or the first problem in words, naming its field. */
export function parseResponseRules(input: unknown): { rules: ResponseRule[] } | { error: string } {
  const result = responseRulesSchema.safeParse(input);
  if (result.success) return { rules: result.data.rules };
  const issue = result.error.issues[0];
  const field = issue?.path.length ? `${fieldName(issue.path)}: ` : '';
  return { error: `${field}${issue?.message ?? 'Invalid rules.'}` };
}
