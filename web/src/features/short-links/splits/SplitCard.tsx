/** The link's A/B split in its detail panel: each variant's weight and URL, and whether visitors keep theirs. */
import { Card } from 'react-bootstrap';
import { variantLabel } from '../../../../../shared/link-splits';
import type { ShortUrl } from '../../../../../shared/links';
import { messages } from './messages';

/** Shown only for a link with a split. */
export function SplitCard({ url }: { url: ShortUrl }) {
  if (!url.split) return null;
  return (
    <Card data-testid="split-card">
      <Card.Header as="h3" className="h6">
        {messages.splitCard}
      </Card.Header>
      <Card.Body>
        <ul className="list-unstyled mb-2 d-flex flex-column gap-2">
          {url.split.variants.map((variant, index) => (
            <li key={variant.id}>
              <div className="d-flex justify-content-between">
                <span>{variantLabel(index)}</span>
                <strong>{variant.weight}%</strong>
              </div>
              <code className="small text-break">{variant.destination}</code>
            </li>
          ))}
        </ul>
        <p className="small text-body-secondary mb-0">
          {url.split.sticky ? messages.stickyOn : messages.stickyOff}
        </p>
      </Card.Body>
    </Card>
  );
}
