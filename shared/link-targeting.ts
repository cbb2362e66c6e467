/**
 * Where a short link sends each visitor: its ordered targeting rules (each a destination, or an
 * A/B split of its own, for visits meeting all its conditions) and whether the visit's query string
 * travels on to the destination. Shared by the form and the server. Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';
import {
  conditionSchema,
  isOpenWindow,
  WINDOW_ORDER_MESSAGE,
  type TargetingCondition,
} from './link-conditions.js';
import { INVALID_URL_MESSAGE, MAX_URL_LENGTH, URL_TOO_LONG_MESSAGE, isValidLongUrl } from './link-urls.js';
import { urlBodySchema, urlUpdateSchema } from './link-bodies.js';
import { splitBodyShape, splitSchema, splitUpdateShape, type LinkSplit } from './link-splits.js';

export const MAX_RULES = 10;
export const MAX_CONDITIONS = 5;

export interface TargetingRule {
  /** Stable across edits, so clicks stay attributed to the rule when rules are reordered. */
  id: string;
  /** With a split: its first variant's destination. */
  destination: string;
  conditions: TargetingCondition[];
  /** Visits the rule takes are split between these variants; absent or null: all go to `destination`. */
  split?: LinkSplit | null;
}

/** Clicks by people one rule sent over the analytics period; `ruleId` null: the link's own destination. */
export interface RuleClicks {
  ruleId: string | null;
  clicks: number;
}

export const RULE_ID_PATTERN = /^[A-Za-z0-9_-]{1,16}$/;
export const RULE_DESTINATION_MISSING_MESSAGE = 'A rule needs a destination or a split.';

const destinationSchema = z
  .string({ error: INVALID_URL_MESSAGE })
  .trim()
  .refine(isValidLongUrl, INVALID_URL_MESSAGE)
  .refine((url) => url.length <= MAX_URL_LENGTH, URL_TOO_LONG_MESSAGE);

const ruleSchema = z
  .object(
    {
      id: z.string().regex(RULE_ID_PATTERN, 'A rule id is 1 to 16 letters, digits, - or _.').optional(),
      destination: destinationSchema.optional(),
      conditions: z
        .array(conditionSchema, { error: 'A rule needs a list of conditions.' })
        .min(1, 'A rule needs at least one condition.')
        .max(MAX_CONDITIONS, `A rule can have at most ${MAX_CONDITIONS} conditions.`)
        .refine(isOpenWindow, WINDOW_ORDER_MESSAGE),
      split: splitSchema.nullish(),
    },
    {
      error:
        'A rule looks like {"destination": "https://…", "conditions": [{"type": "device", "value": "ios"}]}.',
    },
  )
  .superRefine((rule, context) => {
    if (rule.destination === undefined && !rule.split)
      context.addIssue({ code: 'custom', message: RULE_DESTINATION_MISSING_MESSAGE, path: ['destination'] });
  });
export type TargetingRuleInput = z.infer<typeof ruleSchema>;

export const rulesSchema = z
  .array(ruleSchema, { error: 'rules must be a list of rules.' })
  .max(MAX_RULES, `A link can have at most ${MAX_RULES} rules.`);

/** The targeting fields a link's create and edit bodies take; absent on edit: left as they are. */
export const targetingFields = {
  forwardQuery: z.boolean({ error: 'forwardQuery must be true or false.' }).optional(),
  rules: rulesSchema.optional(),
};

/** Body of POST /api/urls: the link and its options, with query forwarding, rules and a split. */
export const linkCreateSchema = urlBodySchema.extend({ ...targetingFields, ...splitBodyShape });
export type LinkCreateBody = z.infer<typeof linkCreateSchema>;
/** Body of PUT /api/urls/{id}. */
export const linkUpdateSchema = urlUpdateSchema.extend({ ...targetingFields, ...splitUpdateShape });
export type LinkUpdateBody = z.infer<typeof linkUpdateSchema>;
