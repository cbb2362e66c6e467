/** Which tag the URL list is filtered by, and what follows from it over the loaded links. */
import { useState } from 'react';
import type { ShortUrl } from '../../../../shared/links';
import { clicksWithTag, linksWithTag, tagCountsOf } from './tag-filter';

export function useTagFilter(urls: ShortUrl[], selected: ShortUrl | null, select: (id: string) => void) {
  const [chosen, setChosen] = useState<string | null>(null);
  const counts = tagCountsOf(urls);
  // A tag that no link carries any more (its last link was edited or deleted) filters nothing.
  const tag = chosen !== null && counts.some((count) => count.tag === chosen) ? chosen : null;
  // Forgotten, so that it does not come back by itself when a link gets that tag again.
  if (chosen !== null && tag === null) setChosen(null);

  /** Filters by `next`; the selection moves to its first link unless the selected one carries it. */
  function choose(next: string | null) {
    setChosen(next);
    if (next === null || selected?.tags.includes(next)) return;
    const first = linksWithTag(urls, next)[0];
    if (first) select(first.id);
  }

  return {
    tag,
    counts,
    shown: linksWithTag(urls, tag),
    clicks: tag === null ? 0 : clicksWithTag(urls, tag),
    choose,
  };
}
