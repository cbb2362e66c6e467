/** A short ranking (countries, browsers, …) as horizontal bars with the numbers written out. */
import { Card, ProgressBar } from 'react-bootstrap';
import type { NamedCount } from '../../../../../shared/links';
import { percentOf } from '../analytics-format';
import { messages } from '../messages';

const SHOWN = 5;

interface TopCountsProps {
  title: string;
  counts: NamedCount[];
  /** Shown for an empty name, e.g. 'Direct' for referrers. */
  emptyName?: string;
  /** Shown instead of the list while nothing is counted. */
  emptyText?: string;
}

export function TopCounts({
  title,
  counts,
  emptyName = messages.unknown,
  emptyText = messages.noDataYet,
}: TopCountsProps) {
  const shown = counts.slice(0, SHOWN);
  const max = Math.max(0, ...shown.map((entry) => entry.clicks));
  return (
    <Card className="h-100">
      <Card.Header as="h2" className="h6">
        {title}
      </Card.Header>
      <Card.Body>
        {shown.length === 0 ? (
          <p className="text-body-secondary mb-0">{emptyText}</p>
        ) : (
          <ul className="list-unstyled mb-0" aria-label={title}>
            {shown.map((entry) => (
              <li key={entry.name} className="mb-2">
                <div className="d-flex justify-content-between gap-2 small">
                  <span className="text-truncate" title={entry.name || emptyName}>
                    {entry.name || emptyName}
                  </span>
                  <strong>{entry.clicks}</strong>
                </div>
                <ProgressBar now={percentOf(entry.clicks, max)} style={{ height: 6 }} aria-hidden="true" />
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}
