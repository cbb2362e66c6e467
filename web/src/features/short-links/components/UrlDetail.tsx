/** The selected URL: both addresses with Copy and Open, its numbers, and when it was made. */
import type { ReactNode } from 'react';
import { Badge, Button, Card, Col, Row } from 'react-bootstrap';
import { spaceSavedPercent, type ShortUrl } from '../../../../../shared/links';
import { REDIRECT_STATUS_LABELS } from '../../../../../shared/link-routing';
import { paths } from '../../../app/paths';
import { CopyButton } from '../../../components/CopyButton';
import { EmptyState } from '../../../components/EmptyState';
import { LinkStateBadge } from '../../../components/LinkStateBadge';
import { formatDateTime } from '../../../lib/format';
import { LinkButton } from '../../../pages/LinkButton';
import { messages } from '../messages';
import { ChartIcon, PencilIcon } from './Icons';
import { TargetingCard } from '../targeting/TargetingCard';
import { SplitCard } from '../splits/SplitCard';
import { LinkNotesCard } from './LinkNotesCard';
import { SocialCardSummary } from './SocialCardSummary';

interface UrlDetailProps {
  url: ShortUrl | null;
  onEdit: (url: ShortUrl) => void;
  /** More about the link, from other features (its webhooks). */
  extra?: (url: ShortUrl) => ReactNode;
}

export function UrlDetail({ url, onEdit, extra }: UrlDetailProps) {
  if (!url) {
    return (
      <Card className="h-100">
        <EmptyState title={messages.noSelectionTitle} text={messages.noSelectionText} />
      </Card>
    );
  }
  return (
    <div className="d-flex flex-column gap-3" data-testid="url-detail">
      <div className="d-flex flex-wrap gap-2 justify-content-end">
        <Button variant="outline-primary" size="sm" onClick={() => onEdit(url)}>
          <PencilIcon /> <span className="ms-1">{messages.edit}</span>
        </Button>
        <LinkButton to={paths.urlAnalytics(url.id)} variant="outline-secondary" size="sm">
          <ChartIcon /> <span className="ms-1">{messages.viewAnalytics}</span>
        </LinkButton>
      </div>
      <AddressCard title={messages.originalUrl} address={url.url} copiedMessage={messages.originalCopied} />
      <AddressCard title={messages.shortUrl} address={url.shortUrl} copiedMessage={messages.shortCopied} />
      <Row className="g-3">
        <Col md={6}>
          <Card className="h-100">
            <Card.Header as="h3" className="h6">
              {messages.analytics}
            </Card.Header>
            <Card.Body>
              <Fact label={messages.totalClicks} value={String(url.clicks)} />
              <Fact label={messages.spaceSaved} value={`${spaceSavedPercent(url.url)}%`} />
            </Card.Body>
          </Card>
        </Col>
        <Col md={6}>
          <Card className="h-100">
            <Card.Header as="h3" className="h6">
              {messages.urlInfo}
            </Card.Header>
            <Card.Body>
              <Fact label={messages.created} value={formatDateTime(url.createdAt || url.timestamp)} />
              {/* Always "Active" by product decision: links have no other status. */}
              <Fact label={messages.status} value={<Badge bg="success">{messages.active}</Badge>} />
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <LinkNotesCard url={url} />
      <OptionsCard url={url} />
      <TargetingCard url={url} />
      <SplitCard url={url} />
      {extra?.(url)}
      <SocialCardSummary url={url} />
    </div>
  );
}

function OptionsCard({ url }: { url: ShortUrl }) {
  return (
    <Card>
      <Card.Header as="h3" className="h6">
        {messages.linkOptions}
      </Card.Header>
      <Card.Body>
        <Fact label={messages.state} value={<LinkStateBadge state={url.state} />} />
        <Fact label={messages.alias} value={url.alias ?? messages.noOptions} />
        <Fact
          label={messages.expires}
          value={url.expiresAt ? formatDateTime(url.expiresAt) : messages.noOptions}
        />
        <Fact
          label={messages.clickLimit}
          value={url.maxClicks ? messages.clickLimitValue(url.clicks, url.maxClicks) : messages.noOptions}
        />
        <Fact
          label={messages.passwordProtected}
          value={url.hasPassword ? messages.yes : messages.noOptions}
        />
        <Fact label={messages.redirectStatus} value={REDIRECT_STATUS_LABELS[url.redirectStatus]} />
        <Fact
          label={messages.starts}
          value={url.startsAt ? formatDateTime(url.startsAt) : messages.noOptions}
        />
        <Fact
          label={messages.fallback}
          value={url.fallbackUrl ? <code className="text-break">{url.fallbackUrl}</code> : messages.noOptions}
        />
      </Card.Body>
    </Card>
  );
}

/** Only http(s) addresses become links, whatever the server sent. */
function isWebAddress(address: string): boolean {
  return /^https?:\/\//i.test(address);
}

interface AddressCardProps {
  title: string;
  address: string;
  copiedMessage: string;
}

function AddressCard({ title, address, copiedMessage }: AddressCardProps) {
  return (
    <Card>
      <Card.Header as="h3" className="h6 d-flex justify-content-between align-items-center gap-2">
        <span>{title}</span>
        <span className="d-flex gap-2">
          <CopyButton text={address} successMessage={copiedMessage} failureMessage={messages.copyFailed} />
          {isWebAddress(address) && (
            <a
              href={address}
              target="_blank"
              rel="noopener noreferrer"
              className="btn btn-sm btn-outline-secondary"
            >
              {messages.open}
              <span className="visually-hidden"> {title}</span>
            </a>
          )}
        </span>
      </Card.Header>
      <Card.Body>
        <code className="text-break">{address}</code>
      </Card.Body>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="d-flex justify-content-between align-items-center py-1">
      <span className="text-body-secondary">{label}</span>
      <strong>{value}</strong>
    </div>
  );
}
