/**
 * A link's A/B split on the server: checked and given stable variant ids on the way in, stored as
 * JSON, and, when the link enters the cache, turned into Location values with cumulative weights,
 * so that a visit picks its variant with one number and a short scan.
 */
import { randomInt } from 'node:crypto';
import {
  TOTAL_WEIGHT,
  type LinkSplit,
  type LinkSplitInput,
  type SplitVariant,
} from '../../../../shared/link-splits.js';
import { InvalidInputError } from '../../http/errors.js';
import { withStableIds } from '../short-links/stable-ids.js';
import { locationOf } from '../short-links/url-rules.js';

/** A variant ready for the redirect. */
export interface CompiledVariant {
  id: string;
  location: string;
  /** The variant takes visits whose bucket (0-99) is below this and not below the previous one's. */
  upTo: number;
}

export interface CompiledSplit {
  variants: CompiledVariant[];
  sticky: boolean;
}

/** The stored form (JSON text, null for none) of a link's split. */
export function storedSplitOf(split: LinkSplit | null): string | null {
  return split === null ? null : JSON.stringify(split);
}

function isVariant(value: unknown): value is SplitVariant {
  if (typeof value !== 'object' || value === null) return false;
  const variant = value as Partial<SplitVariant>;
  return (
    typeof variant.id === 'string' &&
    typeof variant.destination === 'string' &&
    typeof variant.weight === 'number'
  );
}

/** The split a link stored; null when the column is empty or (never expected) unreadable. */
export function splitFromStored(text: string | null): LinkSplit | null {
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || !('variants' in parsed)) return null;
    const { variants } = parsed as { variants: unknown };
    if (!Array.isArray(variants) || !variants.every(isVariant)) return null;
    return { variants, sticky: 'sticky' in parsed && parsed.sticky === true };
  } catch {
    return null;
  }
}

/**
 * The split as stored: each destination checked by `checkUrl` (the link's own URL rules, which
 * throw InvalidInputError; the refusal then names the variant's field), ids kept stable. Null
 * (no split) and undefined (not sent) stay as they are.
 */
export function splitToStore(
  split: LinkSplitInput | null | undefined,
  checkUrl: (url: string) => string,
): LinkSplit | null | undefined {
  if (!split) return split;
  const variants = withStableIds(split.variants).map((variant, index) => {
    try {
      return { id: variant.id, destination: checkUrl(variant.destination), weight: variant.weight };
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      throw new InvalidInputError(`split.variants[${index}].destination: ${error.message}`);
    }
  });
  return { variants, sticky: split.sticky };
}

/** Null when there is no split, so the redirect tests one value to skip it. */
export function compileSplit(split: LinkSplit | null | undefined): CompiledSplit | null {
  if (!split) return null;
  let upTo = 0;
  const variants = split.variants.map((variant) => {
    upTo += variant.weight;
    return { id: variant.id, location: locationOf(variant.destination), upTo };
  });
  return { variants, sticky: split.sticky };
}

/**
 * A bucket from 0 to 99: from the visitor hash when the split is sticky (the same visitor, the same
 * bucket, all day), else drawn with node:crypto's randomInt.
 */
export function bucketOf(visitorHash: string | null): number {
  if (visitorHash === null) return randomInt(TOTAL_WEIGHT);
  // 32 bits of the hash; their remainder by 100 is biased by under one in forty million.
  return Number.parseInt(visitorHash.slice(0, 8), 16) % TOTAL_WEIGHT;
}

/** The variant whose share of the buckets holds `bucket`. */
export function variantAt(split: CompiledSplit, bucket: number): CompiledVariant {
  const found = split.variants.find((variant) => bucket < variant.upTo);
  // Weights add up to 100 and buckets stay below it; the last variant covers any rounding left.
  return found ?? (split.variants.at(-1) as CompiledVariant);
}
