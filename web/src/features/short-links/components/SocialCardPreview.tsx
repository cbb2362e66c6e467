/**
 * How a shared link's card roughly looks in a chat app. The picture itself is not loaded: the
 * page only loads its own files, and fetching it would tell the picture's host who is editing.
 */
import { Card } from 'react-bootstrap';
import type { LinkCard } from '../../../../../shared/link-card';
import { hostOf } from '../link-card-form';
import { messages } from '../messages';

interface SocialCardPreviewProps {
  card: LinkCard;
  /** Where the link leads: its host stands in for a missing title and heads the card. */
  destination: string;
}

export function SocialCardPreview({ card, destination }: SocialCardPreviewProps) {
  const site = hostOf(destination);
  const imageHost = card.image ? hostOf(card.image) : '';
  return (
    <Card
      className="border-0 border-start border-4 border-primary bg-body-tertiary overflow-hidden"
      role="figure"
      aria-label={messages.cardPreviewLabel}
      data-testid="social-card-preview"
    >
      <Card.Body className="py-2 px-3">
        {site && <div className="small text-body-secondary text-uppercase">{site}</div>}
        <div className="fw-semibold text-break">{card.title ?? (site || destination)}</div>
        {card.description && <div className="small text-break">{card.description}</div>}
        {card.image && (
          <div className="mt-2 rounded bg-body-secondary text-body-secondary small text-center py-4 px-2 text-break">
            {messages.cardImageFrom(imageHost || card.image)}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
