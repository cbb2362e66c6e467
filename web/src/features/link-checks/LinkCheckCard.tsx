/** The "Destination check" card of a link's detail panel: check now, and the latest result with its chain. */
import { Badge, Button, Card } from 'react-bootstrap';
import type { ShortUrl } from '../../../../shared/links';
import { formatDateTime } from '../../lib/format';
import { checkMessages as text } from './messages';
import { useCheckNow, useLinkChecks } from './useLinkChecks';

export function LinkCheckCard({ link }: { link: ShortUrl }) {
  const latest = useLinkChecks().get(link.id);
  const check = latest && latest.destination === link.url ? latest : null;
  const { isChecking, run } = useCheckNow(link.id);
  return (
    <Card data-testid="link-check">
      <Card.Header as="h3" className="h6">
        {text.title}
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">{text.intro}</p>
        <Button size="sm" variant="outline-primary" disabled={isChecking} onClick={() => void run()}>
          {isChecking ? text.checking : text.check}
        </Button>
        <div className="mt-3 small" role="status">
          {check === null ? (
            <span className="text-body-secondary">{text.never}</span>
          ) : (
            <>
              {check.ok ? (
                <Badge bg="success">{text.works(check.status)}</Badge>
              ) : (
                <>
                  <Badge bg="danger">{text.broken}</Badge> <span className="text-danger">{check.error}</span>
                </>
              )}
              <div className="text-body-secondary mt-1">
                {text.checkedAt(formatDateTime(check.checkedAt), check.durationMs)}
              </div>
              {check.chain.length > 0 && (
                <ol className="mb-0 mt-1 ps-3 text-break" aria-label={text.chainLabel}>
                  {check.chain.map((hop, index) => (
                    <li key={index}>
                      <span className="font-monospace">{hop.status}</span> {hop.url}
                    </li>
                  ))}
                </ol>
              )}
            </>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
