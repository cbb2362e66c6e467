/** The tags and the note of the selected link in the detail panel; nothing when it has neither. */
import { Card } from 'react-bootstrap';
import type { ShortUrl } from '../../../../../shared/links';
import { tagMessages } from '../tag-messages';
import { LinkTags } from './LinkTags';

export function LinkNotesCard({ url }: { url: ShortUrl }) {
  if (url.tags.length === 0 && url.note === null) return null;
  return (
    <Card data-testid="link-notes">
      <Card.Header as="h3" className="h6">
        {tagMessages.notesTitle}
      </Card.Header>
      <Card.Body className="d-flex flex-column gap-2">
        {url.tags.length > 0 ? (
          <LinkTags tags={url.tags} />
        ) : (
          <span className="text-body-secondary">{tagMessages.noTags}</span>
        )}
        {url.note !== null && (
          <figure className="mb-0">
            <figcaption className="visually-hidden">{tagMessages.note}</figcaption>
            <p className="mb-0 text-break" style={{ whiteSpace: 'pre-wrap' }} data-testid="link-note">
              {url.note}
            </p>
          </figure>
        )}
      </Card.Body>
    </Card>
  );
}
