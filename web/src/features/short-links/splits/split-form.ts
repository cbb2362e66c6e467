/**
 * The split part of the Add and Edit URL forms as pure functions: the draft the inputs hold, the
 * running total of the weights, and the body field sent (on edit, only when it changed).
 */
import { MIN_VARIANTS, TOTAL_WEIGHT, totalWeight, type LinkSplit } from '../../../../../shared/link-splits';
import type { ShortUrl } from '../../../../../shared/links';

export interface VariantDraft {
  /** React's key; stable while the variant is edited. */
  key: number;
  /** The stored variant's id, so its clicks stay with it; absent for a new variant. */
  id?: string;
  destination: string;
  /** As typed. */
  weight: string;
}

export interface SplitDraft {
  /** Empty: no split. */
  variants: VariantDraft[];
  sticky: boolean;
}

/** What the form sends of a split; null removes it. */
export interface SplitBody {
  split?: { variants: { id?: string; destination: string; weight: number }[]; sticky: boolean } | null;
}

let nextKey = 1;

export function newVariant(weight = ''): VariantDraft {
  return { key: nextKey++, destination: '', weight };
}

/** The two variants a split starts with, half and half. */
export function startedSplit(): VariantDraft[] {
  return [newVariant('50'), newVariant('50')];
}

/** The inputs' starting values for a split (a link's or a targeting rule's); none: no variants. */
export function draftOfSplit(split: LinkSplit | null | undefined): SplitDraft {
  return {
    variants: (split?.variants ?? []).map((variant) => ({
      key: nextKey++,
      id: variant.id,
      destination: variant.destination,
      weight: String(variant.weight),
    })),
    sticky: split?.sticky ?? false,
  };
}

export function splitDraftOf(link: ShortUrl | null): SplitDraft {
  return draftOfSplit(link?.split);
}

/** A typed weight as a number; NaN when it is none, which the total and the server refuse. */
function weightOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** The weights' running total, as the form shows it; NaN while one is not a number. */
export function draftTotal(draft: SplitDraft): number {
  return totalWeight(draft.variants.map((variant) => ({ weight: weightOf(variant.weight) })));
}

/** False while a split's weights do not add up to 100: the form is not sent. */
export function isSplitComplete(draft: SplitDraft): boolean {
  return draft.variants.length === 0 || draftTotal(draft) === TOTAL_WEIGHT;
}

function sameSplit(sent: NonNullable<SplitBody['split']>, stored: LinkSplit | null): boolean {
  return stored !== null && JSON.stringify(sent) === JSON.stringify(stored);
}

/** The split as a body carries it; null when the draft has fewer than two variants (no split). */
export function sentSplitOf(draft: SplitDraft): NonNullable<SplitBody['split']> | null {
  if (draft.variants.length < MIN_VARIANTS) return null;
  return {
    variants: draft.variants.map((variant) => ({
      ...(variant.id !== undefined && { id: variant.id }),
      destination: variant.destination.trim(),
      weight: weightOf(variant.weight),
    })),
    sticky: draft.sticky,
  };
}

/** The split field to send: a new split when adding, a changed or removed one when editing. */
export function splitBodyOf(draft: SplitDraft, initial: ShortUrl | null): SplitBody {
  const split = sentSplitOf(draft);
  if (split === null) return initial?.split ? { split: null } : {};
  return sameSplit(split, initial?.split ?? null) ? {} : { split };
}
