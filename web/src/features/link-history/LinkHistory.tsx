/** The "History" card of a link's detail panel: its changes, newest first, in plain words. */
import { useEffect, useState } from 'react';
import { Card, ListGroup, Spinner } from 'react-bootstrap';
import type { LinkHistoryEntry } from '../../../../shared/link-history';
import type { ShortUrl } from '../../../../shared/links';
import { formatDateTime } from '../../lib/format';
import { describeEntry, historyMessages, timeAgo } from './history-wording';
import { useLinkHistory } from './useLinkHistory';

const TICK_MS = 30_000;

/** The current time, renewed every half minute so "5 minutes ago" stays true. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function LinkHistory({ link }: { link: ShortUrl }) {
  const { entries, isLoading, loadFailed } = useLinkHistory(link);
  return (
    <Card data-testid="link-history">
      <Card.Header as="h3" className="h6">
        {historyMessages.title}
      </Card.Header>
      {isLoading && (
        <Card.Body className="text-body-secondary">
          <Spinner size="sm" className="me-2" aria-hidden="true" />
          {historyMessages.loading}
        </Card.Body>
      )}
      {loadFailed && <Card.Body className="text-danger">{historyMessages.loadFailed}</Card.Body>}
      {!isLoading && !loadFailed && entries.length === 0 && (
        <Card.Body className="text-body-secondary">{historyMessages.empty}</Card.Body>
      )}
      {entries.length > 0 && <HistoryList entries={entries} />}
    </Card>
  );
}

function HistoryList({ entries }: { entries: LinkHistoryEntry[] }) {
  const now = useNow();
  return (
    <ListGroup as="ol" variant="flush" aria-label={historyMessages.listLabel}>
      {entries.map((entry, index) => (
        <ListGroup.Item as="li" key={`${entry.at}-${index}`} className="d-flex flex-column flex-sm-row gap-1">
          <div className="flex-grow-1 text-break">
            {describeEntry(entry).map((line, lineIndex) => (
              <div key={lineIndex}>{line}</div>
            ))}
          </div>
          <time
            dateTime={entry.at}
            title={formatDateTime(entry.at)}
            className="small text-body-secondary text-nowrap"
          >
            {timeAgo(entry.at, now)}
          </time>
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
