/**
 * Where a short link sends each visitor: its ordered targeting rules (device, country, language)
 * and whether the visit's query string travels on to the destination. Shared by the form and the
 * server. Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';
import {
  INVALID_URL_MESSAGE,
  MAX_URL_LENGTH,
  URL_TOO_LONG_MESSAGE,
  isValidLongUrl,
  urlBodySchema,
  urlUpdateSchema,
} from './links.js';
import { splitBodyShape, splitUpdateShape } from './link-splits.js';

export const CONDITION_TYPES = ['device', 'country', 'language'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];
export const CONDITION_TYPE_LABELS: Record<ConditionType, string> = {
  device: 'Device',
  country: 'Country',
  language: 'Language',
};

export const TARGET_DEVICES = ['ios', 'android', 'desktop'] as const;
export type TargetDevice = (typeof TARGET_DEVICES)[number];
export const TARGET_DEVICE_LABELS: Record<TargetDevice, string> = {
  ios: 'iPhone or iPad (iOS)',
  android: 'Android',
  desktop: 'Desktop',
};

export const MAX_RULES = 10;
export const MAX_CONDITIONS = 5;

export interface TargetingCondition {
  type: ConditionType;
  /** `ios` | `android` | `desktop`; an ISO 3166-1 alpha-2 code in capitals; a primary language tag in lower case. */
  value: string;
}

export interface TargetingRule {
  /** Stable across edits, so clicks stay attributed to the rule when rules are reordered. */
  id: string;
  destination: string;
  conditions: TargetingCondition[];
}

/** Clicks by people one rule sent over the analytics period; `ruleId` null: the link's own destination. */
export interface RuleClicks {
  ruleId: string | null;
  clicks: number;
}

export const RULE_ID_PATTERN = /^[A-Za-z0-9_-]{1,16}$/;
const COUNTRY_PATTERN = /^[A-Z]{2}$/;
const LANGUAGE_PATTERN = /^[a-z]{2,3}$/;

/** The English name of a country code, or null when the code names no region. */
export function countryName(code: string): string | null {
  if (!COUNTRY_PATTERN.test(code)) return null;
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(code);
    return name && name !== code && name !== 'Unknown Region' ? name : null;
  } catch {
    return null;
  }
}

/** The English name of a language tag, or null when unknown. */
export function languageName(tag: string): string | null {
  if (!LANGUAGE_PATTERN.test(tag)) return null;
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(tag);
    return name && name !== tag ? name : null;
  } catch {
    return null;
  }
}

const DEVICE_MESSAGE = `A device condition is one of ${TARGET_DEVICES.join(', ')}.`;
const COUNTRY_MESSAGE = 'A country condition is a two-letter country code (ISO 3166-1 alpha-2), e.g. DE.';
const LANGUAGE_MESSAGE = 'A language condition is a two- or three-letter language code, e.g. de.';

/** The condition's value in its stored form, or an error message. */
export function normalizeCondition(type: ConditionType, raw: string): { value: string } | { error: string } {
  const trimmed = raw.trim();
  if (type === 'device') {
    const value = trimmed.toLowerCase();
    return TARGET_DEVICES.some((device) => device === value) ? { value } : { error: DEVICE_MESSAGE };
  }
  if (type === 'country') {
    const value = trimmed.toUpperCase();
    return countryName(value) ? { value } : { error: COUNTRY_MESSAGE };
  }
  const value = trimmed.toLowerCase();
  return LANGUAGE_PATTERN.test(value) ? { value } : { error: LANGUAGE_MESSAGE };
}

const conditionSchema = z
  .object(
    {
      type: z.enum(CONDITION_TYPES, { error: `A condition's type is one of ${CONDITION_TYPES.join(', ')}.` }),
      value: z.string({ error: "A condition's value must be text." }),
    },
    { error: 'A condition looks like {"type": "device", "value": "ios"}.' },
  )
  .transform((condition, context) => {
    const result = normalizeCondition(condition.type, condition.value);
    if ('value' in result) return { type: condition.type, value: result.value };
    context.addIssue({ code: 'custom', message: result.error, path: ['value'] });
    return z.NEVER;
  });

const destinationSchema = z
  .string({ error: INVALID_URL_MESSAGE })
  .trim()
  .refine(isValidLongUrl, INVALID_URL_MESSAGE)
  .refine((url) => url.length <= MAX_URL_LENGTH, URL_TOO_LONG_MESSAGE);

const ruleSchema = z.object(
  {
    id: z.string().regex(RULE_ID_PATTERN, 'A rule id is 1 to 16 letters, digits, - or _.').optional(),
    destination: destinationSchema,
    conditions: z
      .array(conditionSchema, { error: 'A rule needs a list of conditions.' })
      .min(1, 'A rule needs at least one condition.')
      .max(MAX_CONDITIONS, `A rule can have at most ${MAX_CONDITIONS} conditions.`),
  },
  {
    error:
      'A rule looks like {"destination": "https://…", "conditions": [{"type": "device", "value": "ios"}]}.',
  },
);
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

/** A condition in a few words, e.g. "Device is Android", "Country is Germany (DE)". */
export function describeCondition(condition: TargetingCondition): string {
  const label = CONDITION_TYPE_LABELS[condition.type];
  if (condition.type === 'device') {
    const device = TARGET_DEVICES.find((known) => known === condition.value);
    return `${label} is ${device ? TARGET_DEVICE_LABELS[device] : condition.value}`;
  }
  const name = condition.type === 'country' ? countryName(condition.value) : languageName(condition.value);
  return `${label} is ${name ? `${name} (${condition.value})` : condition.value}`;
}
