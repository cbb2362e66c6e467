import type { ReactNode } from 'react';
import type { TextMark } from './json-marks';

/**
 * `text` with the spans of `marks` in <mark> elements, their titles saying what is wrong there.
 * Marks are sorted by start, outer ones first, and either nest or stay apart, as JSON values do.
 */
function render(text: string, marks: readonly TextMark[], from: number, to: number): ReactNode[] {
  const nodes: ReactNode[] = [];
  let at = from;
  let i = 0;
  while (i < marks.length) {
    const mark = marks[i] as TextMark;
    // The marks inside this one are rendered within it.
    let j = i + 1;
    while (j < marks.length && (marks[j] as TextMark).start < mark.end) j++;
    if (mark.start > at) nodes.push(text.slice(at, mark.start));
    const end = Math.min(mark.end, to);
    nodes.push(
      <mark
        key={mark.start}
        className="contract-violation p-0 rounded-1 bg-danger-subtle text-danger-emphasis"
        title={mark.title}
      >
        {render(text, marks.slice(i + 1, j), mark.start, end)}
      </mark>,
    );
    at = end;
    i = j;
  }
  if (at < to) nodes.push(text.slice(at, to));
  return nodes;
}

export function MarkedText({ text, marks }: { text: string; marks: readonly TextMark[] }) {
  const shown = marks.filter((mark) => mark.start < text.length);
  return <>{render(text, shown, 0, text.length)}</>;
}
