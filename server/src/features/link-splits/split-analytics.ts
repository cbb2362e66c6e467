/** Clicks per split variant, for a link's analytics. */
import type { VariantClicks } from '../../../../shared/link-splits.js';

/** People's clicks per variant, most first, from the 'variant' counters; variants without clicks are left out. */
export function variantCounts(counters: { value: string | null; clicks: number }[]): VariantClicks[] {
  return counters
    .filter(
      (counter): counter is { value: string; clicks: number } => counter.value !== null && counter.clicks > 0,
    )
    .map((counter) => ({ variantId: counter.value, clicks: counter.clicks }));
}
