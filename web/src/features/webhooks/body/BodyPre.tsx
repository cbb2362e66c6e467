import type { ReactNode } from 'react';
import { cutText, MAX_RENDERED_CHARS } from './formats';
import type { TextMark } from './json-marks';
import { MarkedText } from './MarkedText';

/** Wrapping keeps one-line bodies (minified JSON, base64) readable without sideways scrolling. */
const PRE_STYLE = {
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  maxHeight: '70vh',
  overflow: 'auto',
} as const;

/** Monospace block in theme colours (works in light and dark mode). */
export function Mono({ children }: { children: ReactNode }) {
  return (
    <pre className="bg-body-tertiary border rounded p-2 mb-0 font-monospace" style={PRE_STYLE}>
      {children}
    </pre>
  );
}

export interface BodyPreProps {
  text: string;
  /** False when `text` is already only the start of the formatted body. */
  complete?: boolean;
  /** Download control offered when not everything is shown. */
  download: ReactNode;
  /** Spans of `text` to mark, e.g. the values a contract found at fault. */
  marks?: readonly TextMark[];
}

/** Text of a body, capped at MAX_RENDERED_CHARS so a huge body cannot freeze the page. */
export function BodyPre({ text, complete = true, download, marks = [] }: BodyPreProps) {
  const shown = cutText(text, MAX_RENDERED_CHARS);
  const cut = !complete || !shown.complete;
  return (
    <>
      <Mono>{marks.length > 0 ? <MarkedText text={shown.text} marks={marks} /> : shown.text}</Mono>
      {cut && (
        <p className="small text-body-secondary mt-2 mb-0">
          Only the first {Math.round(MAX_RENDERED_CHARS / 1024)} K characters are shown. {download}
        </p>
      )}
    </>
  );
}
