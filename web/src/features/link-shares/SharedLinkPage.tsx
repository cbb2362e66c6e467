/**
 * `/shared/links/{token}`: the numbers an analytics link shows a stranger, without a session. A
 * revoked or expired link (which the server answers 410) shows a page that says so.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Badge, ButtonGroup, Card, Container, ToggleButton } from 'react-bootstrap';
import { ANALYTICS_PERIODS, ANALYTICS_PERIOD_LABELS, type AnalyticsPeriod } from '../../../../shared/links';
import { LoadingStatus } from '../../components/LoadingStatus';
import { RetryAlert } from '../../components/RetryAlert';
import { ApiError } from '../../lib/http';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../pages/usePageTitle';
import { getSharedLinkAnalytics } from './api';
import { linkShareMessages as text } from './messages';
import { SharedNumbers } from './SharedNumbers';

/** An ended or unknown link stays so: asking again would change nothing. */
const isFinal = (error: unknown) =>
  error instanceof ApiError && (error.status === 410 || error.status === 404);

function Ended({ title, body }: { title: string; body: string }) {
  return (
    <Alert variant="warning" className="mt-4" role="alert">
      <Alert.Heading as="h1" className="h4">
        {title}
      </Alert.Heading>
      <p className="mb-0">{body}</p>
    </Alert>
  );
}

export function SharedLinkPage() {
  usePageTitle(text.pageTitle);
  const { token = '' } = useParams();
  const [period, setPeriod] = useState<AnalyticsPeriod>('all');
  const query = useQuery({
    queryKey: ['shared-link-analytics', token, period],
    queryFn: () => getSharedLinkAnalytics(token, period),
    retry: (count, error) => !isFinal(error) && count < 2,
  });

  function renderState() {
    const { error, data } = query;
    if (error instanceof ApiError && error.status === 410) {
      const ended = text.ended[error.details.reason === 'expired' ? 'expired' : 'revoked'];
      return <Ended title={ended.title} body={ended.text} />;
    }
    if (error instanceof ApiError && error.status === 404)
      return <Ended title={text.unknownTitle} body={text.unknownText} />;
    if (error) return <RetryAlert text={text.failed} onRetry={() => void query.refetch()} />;
    if (!data) return <LoadingStatus text={text.loading} />;
    return (
      <>
        <Card as="section" className="mb-3 shadow-sm">
          <Card.Body className="d-flex flex-wrap align-items-center gap-2 py-2">
            <h1 className="h5 mb-0 text-break">
              {data.kind === 'link' ? text.linkHeading(data.link.shortUrl) : text.tagHeading(data.tag.tag)}
            </h1>
            <Badge bg="info" text="dark">
              {text.readOnly}
            </Badge>
            <p className="small text-body-secondary mb-0 flex-grow-1">
              {text.pageIntro(formatDateTime(data.expiresAt))}
            </p>
          </Card.Body>
          {data.kind === 'link' && (
            <Card.Footer className="small text-break">
              {text.destination}: {data.link.url}
            </Card.Footer>
          )}
        </Card>
        <ButtonGroup aria-label={text.periodLabel} className="mb-3 flex-wrap">
          {ANALYTICS_PERIODS.map((value) => (
            <ToggleButton
              key={value}
              id={`shared-period-${value}`}
              type="radio"
              size="sm"
              variant="outline-secondary"
              name="shared-period"
              value={value}
              checked={period === value}
              onChange={() => setPeriod(value)}
            >
              {ANALYTICS_PERIOD_LABELS[value]}
            </ToggleButton>
          ))}
        </ButtonGroup>
        <SharedNumbers shared={data} />
      </>
    );
  }

  return <Container className="py-3">{renderState()}</Container>;
}
