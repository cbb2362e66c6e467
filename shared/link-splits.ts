/**
 * A/B splits: a short link's own destination replaced by 2 to 4 variants, each taking a whole
 * percentage of the visits its targeting rules leave to it. Shared by the form and the server.
 * Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';
import { MAX_URL_LENGTH, URL_TOO_LONG_MESSAGE, isValidLongUrl } from './link-urls.js';

export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 4;
export const MIN_WEIGHT = 1;
export const MAX_WEIGHT = 99;
/** Weights are percentages: they add up to this. */
export const TOTAL_WEIGHT = 100;

export interface SplitVariant {
  /** Stable across edits, so clicks stay attributed to the variant when variants change. */
  id: string;
  destination: string;
  /** Percent of the visits, 1 to 99. */
  weight: number;
}

export interface LinkSplit {
  /** In the order the owner gave them; their weights add up to 100. */
  variants: SplitVariant[];
  /**
   * The same visitor (IP address and user agent) gets the same variant for the rest of the UTC
   * day, by the visitor hash; false: each visit is drawn afresh.
   */
  sticky: boolean;
}

/** What links carry of a split. */
export interface LinkSplitting {
  /** null: the link sends visits no rule takes to its own destination. */
  split: LinkSplit | null;
}

/** People's clicks over the analytics period that one variant received. */
export interface VariantClicks {
  variantId: string;
  clicks: number;
}

/** What a link's analytics carry of its split. */
export interface SplitAnalytics {
  /** Per variant that received clicks in the period, most first; variants since removed included. */
  byVariant: VariantClicks[];
  /** The link's split now, to name the variants in `byVariant`. */
  split: LinkSplit | null;
}

export const VARIANT_ID_PATTERN = /^[A-Za-z0-9_-]{1,16}$/;
export const VARIANT_COUNT_MESSAGE = `A split has ${MIN_VARIANTS} to ${MAX_VARIANTS} variants.`;
export const WEIGHT_MESSAGE = `A weight is a whole number from ${MIN_WEIGHT} to ${MAX_WEIGHT}.`;
export const SPLIT_DESTINATION_MESSAGE = 'Please enter a valid variant URL starting with http:// or https://';

/** The weights' sum, for the form's running total and the server's check. */
export function totalWeight(variants: readonly { weight: number }[]): number {
  return variants.reduce((sum, variant) => sum + variant.weight, 0);
}

/** The refusal of weights that do not add up to 100, naming their sum. */
export function weightSumMessage(sum: number): string {
  return `The weights must add up to ${TOTAL_WEIGHT}; they add up to ${sum}.`;
}

/** "Variant A" … "Variant D" by position, as the form and the analytics name them. */
export function variantLabel(index: number): string {
  return `Variant ${String.fromCharCode(65 + index)}`;
}

const variantSchema = z.object(
  {
    id: z.string().regex(VARIANT_ID_PATTERN, 'A variant id is 1 to 16 letters, digits, - or _.').optional(),
    destination: z
      .string({ error: SPLIT_DESTINATION_MESSAGE })
      .trim()
      .refine(isValidLongUrl, SPLIT_DESTINATION_MESSAGE)
      .refine((url) => url.length <= MAX_URL_LENGTH, URL_TOO_LONG_MESSAGE),
    weight: z
      .number({ error: WEIGHT_MESSAGE })
      .int(WEIGHT_MESSAGE)
      .min(MIN_WEIGHT, WEIGHT_MESSAGE)
      .max(MAX_WEIGHT, WEIGHT_MESSAGE),
  },
  { error: 'A variant looks like {"destination": "https://…", "weight": 50}.' },
);
export type SplitVariantInput = z.infer<typeof variantSchema>;

export const splitSchema = z.object(
  {
    variants: z
      .array(variantSchema, { error: VARIANT_COUNT_MESSAGE })
      .min(MIN_VARIANTS, VARIANT_COUNT_MESSAGE)
      .max(MAX_VARIANTS, VARIANT_COUNT_MESSAGE)
      .superRefine((variants, context) => {
        const sum = totalWeight(variants);
        if (sum !== TOTAL_WEIGHT) context.addIssue({ code: 'custom', message: weightSumMessage(sum) });
      }),
    sticky: z.boolean({ error: 'split.sticky must be true or false.' }).default(false),
  },
  { error: 'A split looks like {"variants": [{"destination": "https://…", "weight": 50}, …]}.' },
);
export type LinkSplitInput = z.infer<typeof splitSchema>;

/** The create body's field (absent or null: no split) and the edit body's (absent: as it is; null: removed). */
export const splitBodyShape = { split: splitSchema.nullish() };
export const splitUpdateShape = { split: splitSchema.nullable().optional() };
