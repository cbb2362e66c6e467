import type { ReactNode } from 'react';

/**
 * A drawer button's summary where the header has room for a few characters: `mark` on screen
 * ("2", "2 ✗"), `words` for screen readers ("2 secrets", "2 invalid"); the tooltip says it all.
 */
export function ShortSummary({ mark, words }: { mark: string; words: string }) {
  return (
    <>
      <span aria-hidden="true">{mark}</span>
      <span className="visually-hidden">{words}</span>
    </>
  );
}

interface Problems {
  /** On screen, e.g. "2 ✗". */
  mark: string;
  /** For screen readers and the tooltip, e.g. "2 invalid". */
  words: string;
}

/**
 * What a drawer button over a list shows: "…" until the list is known; its problems once there
 * are some; otherwise how many items, or the label alone when none (the header keeps its two
 * rows; screen readers still hear the words). `full` says it all, for the tooltip.
 */
export function countSummary(
  isKnown: boolean,
  items: { count: number; words: string },
  problems: Problems | null,
): { summary: ReactNode; full: string } {
  if (!isKnown) return { summary: '…', full: '…' };
  const full = [items.words, ...(problems ? [problems.words] : [])].join(' · ');
  const summary = problems ? (
    <ShortSummary mark={problems.mark} words={problems.words} />
  ) : (
    <ShortSummary mark={items.count ? String(items.count) : ''} words={items.words} />
  );
  return { summary, full };
}
