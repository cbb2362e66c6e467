import type { DiffLine } from '../diff/lines';
import { compareMessages as text } from './messages';

/** Enough to read a diff in the page; a longer one is cut rather than slowing the page down. */
const MAX_SHOWN_LINES = 2000;

const LINE_STYLES: Record<DiffLine['kind'], { mark: string; className: string }> = {
  same: { mark: ' ', className: '' },
  removed: { mark: '-', className: 'bg-danger-subtle text-danger-emphasis' },
  added: { mark: '+', className: 'bg-success-subtle text-success-emphasis' },
};

/** Body lines of both requests, removed ones marked "-" and added ones "+". */
export function BodyDiff({ lines, isJson }: { lines: DiffLine[]; isJson: boolean }) {
  if (lines.every((line) => line.kind === 'same')) {
    return <p className="mb-0 text-body-secondary">{text.noBodyDifferences}</p>;
  }
  const shown = lines.slice(0, MAX_SHOWN_LINES);
  return (
    <>
      {isJson && <p className="small text-body-secondary mb-2">{text.comparedAsJson}</p>}
      <pre className="mb-0 small border rounded" data-testid="body-diff">
        {shown.map((line, index) => (
          <div key={index} className={`px-2 ${LINE_STYLES[line.kind].className}`}>
            {LINE_STYLES[line.kind].mark} {line.text}
          </div>
        ))}
      </pre>
      {lines.length > shown.length && (
        <p className="small text-body-secondary mt-2 mb-0">{text.moreLines(lines.length - shown.length)}</p>
      )}
    </>
  );
}
