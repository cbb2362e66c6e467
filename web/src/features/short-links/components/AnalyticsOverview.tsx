/** The top of the analytics page: which link this is, and its headline numbers. */
import type { ReactNode } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import type { UrlAnalytics } from '../../../../../shared/links';
import { CopyButton } from '../../../components/CopyButton';
import { formatDateTime } from '../../../lib/format';
import { messages } from '../messages';

export function AnalyticsOverview({ analytics }: { analytics: UrlAnalytics }) {
  return (
    <Row className="g-3">
      <Col lg={6}>
        <Card className="h-100">
          <Card.Header as="h2" className="h6">
            {messages.urlInfo}
          </Card.Header>
          <Card.Body>
            <dl className="mb-0">
              <dt>{messages.originalUrl}</dt>
              <dd className="text-break">{analytics.url}</dd>
              <dt>{messages.shortUrl}</dt>
              <dd className="d-flex flex-wrap align-items-center gap-2">
                <code className="text-break">{analytics.shortUrl}</code>
                <CopyButton
                  text={analytics.shortUrl}
                  successMessage={messages.shortCopied}
                  failureMessage={messages.copyFailed}
                />
              </dd>
              <dt>{messages.created}</dt>
              <dd className="mb-0">{formatDateTime(analytics.createdAt)}</dd>
            </dl>
          </Card.Body>
        </Card>
      </Col>
      <Col sm={6} lg={3}>
        <Stat label={messages.totalClicks} value={analytics.totalClicks}>
          {analytics.botClicks > 0 && (
            <small className="text-body-secondary">{messages.botVisits(analytics.botClicks)}</small>
          )}
        </Stat>
      </Col>
      <Col sm={6} lg={3}>
        <Stat label={messages.uniqueVisitors} value={analytics.uniqueVisitors}>
          <small className="text-body-secondary">{messages.uniqueVisitorsNote}</small>
        </Stat>
      </Col>
    </Row>
  );
}

function Stat({ label, value, children }: { label: string; value: number; children?: ReactNode }) {
  return (
    <Card className="h-100 text-center" data-testid="stat">
      <Card.Body className="d-flex flex-column justify-content-center">
        <div className="display-6 fw-semibold">{value}</div>
        <div className="text-body-secondary">{label}</div>
        {children}
      </Card.Body>
    </Card>
  );
}
