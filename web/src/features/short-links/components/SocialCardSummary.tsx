/** The detail panel's "Social card" card: the preview of the link's card, or that it has none. */
import { Card } from 'react-bootstrap';
import type { ShortUrl } from '../../../../../shared/links';
import { messages } from '../messages';
import { SocialCardPreview } from './SocialCardPreview';

export function SocialCardSummary({ url }: { url: ShortUrl }) {
  return (
    <Card data-testid="social-card">
      <Card.Header as="h3" className="h6">
        {messages.socialCard}
      </Card.Header>
      <Card.Body>
        {url.card ? (
          <SocialCardPreview card={url.card} destination={url.url} />
        ) : (
          <span className="text-body-secondary">{messages.noSocialCard}</span>
        )}
      </Card.Body>
    </Card>
  );
}
