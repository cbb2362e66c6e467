/** The "Share analytics" card of a link's detail panel: make a read-only analytics link, list and revoke them. */
import { useState, type FormEvent } from 'react';
import { Badge, Button, Card, Form, InputGroup, ListGroup } from 'react-bootstrap';
import { LINK_SHARE_EXPIRY_DEFAULT_DAYS, type LinkShare } from '../../../../shared/link-shares';
import type { ShortUrl } from '../../../../shared/links';
import { CopyButton } from '../../components/CopyButton';
import { formatDateTime } from '../../lib/format';
import { linkShareMessages as text } from './messages';
import { useLinkShares } from './useLinkShares';

type ShareState = keyof typeof text.states;

function stateOf(share: LinkShare, now: number): ShareState {
  if (share.revokedAt !== null) return 'revoked';
  return Date.parse(share.expiresAt) <= now ? 'expired' : 'working';
}

export function LinkShareCard({ link }: { link: ShortUrl }) {
  const { shares, loadFailed, created, isCreating, create, revoke } = useLinkShares(link.id);
  const [what, setWhat] = useState('');
  const [days, setDays] = useState(LINK_SHARE_EXPIRY_DEFAULT_DAYS);
  // When the list was drawn: a share expiring while it is open shows as working until the next load.
  const [now] = useState(() => Date.now());

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void create(what === '' ? { linkId: link.id, expiresInDays: days } : { tag: what, expiresInDays: days });
  }

  return (
    <Card data-testid="link-shares">
      <Card.Header as="h3" className="h6">
        {text.cardTitle}
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">{text.intro}</p>
        <Form onSubmit={handleSubmit} className="d-flex flex-wrap gap-2 align-items-end">
          {link.tags.length > 0 && (
            <Form.Group controlId={`share-what-${link.id}`}>
              <Form.Label className="small mb-1">{text.whatLabel}</Form.Label>
              <Form.Select size="sm" value={what} onChange={(event) => setWhat(event.target.value)}>
                <option value="">{text.thisLink}</option>
                {link.tags.map((tag) => (
                  <option key={tag} value={tag}>
                    {text.tagOption(tag)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          )}
          <Form.Group controlId={`share-days-${link.id}`}>
            <Form.Label className="small mb-1">{text.expiryLabel}</Form.Label>
            <Form.Select size="sm" value={days} onChange={(event) => setDays(Number(event.target.value))}>
              {text.expiryChoices.map((choice) => (
                <option key={choice.days} value={choice.days}>
                  {choice.label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Button type="submit" size="sm" disabled={isCreating}>
            {isCreating ? text.creating : text.create}
          </Button>
        </Form>
        {created && (
          <div className="mt-3">
            <Form.Label htmlFor={`share-url-${link.id}`} className="small mb-1">
              {text.newLinkLabel}
            </Form.Label>
            <InputGroup size="sm">
              <Form.Control id={`share-url-${link.id}`} readOnly value={created.url} />
              <CopyButton text={created.url} label={text.copy} successMessage={text.copied} />
            </InputGroup>
            <Form.Text>{text.shownOnce}</Form.Text>
          </div>
        )}
        {loadFailed && <p className="text-danger small mt-2 mb-0">{text.loadFailed}</p>}
      </Card.Body>
      {shares.length > 0 && (
        <ListGroup as="ul" variant="flush" aria-label={text.listLabel}>
          {shares.map((share) => {
            const state = stateOf(share, now);
            const until = text.expires(formatDateTime(share.expiresAt));
            return (
              <ListGroup.Item
                as="li"
                key={share.id}
                className="d-flex flex-wrap align-items-center gap-2 small"
              >
                <span className="flex-grow-1">
                  {text.whatOf(share)} <span className="text-body-secondary">{until}</span>
                </span>
                <Badge bg={state === 'working' ? 'success' : 'secondary'}>{text.states[state]}</Badge>
                {state === 'working' && (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={text.revokeLabel(text.whatOf(share), until)}
                    onClick={() => void revoke(share)}
                  >
                    {text.revoke}
                  </Button>
                )}
              </ListGroup.Item>
            );
          })}
        </ListGroup>
      )}
    </Card>
  );
}
