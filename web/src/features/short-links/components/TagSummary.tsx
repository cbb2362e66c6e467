/**
 * The numbers of the tag the list is filtered by: its links, their clicks and unique visitors of
 * all time, and clicks per day. Read again whenever the clicks of its links change.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Spinner } from 'react-bootstrap';
import { shouldRetry } from '../api';
import { getTagAnalytics } from '../tags-api';
import { tagMessages } from '../tag-messages';
import { ClicksByDayChart } from './ClicksByDayChart';

interface TagSummaryProps {
  sessionId: string;
  tag: string;
  /** People's clicks of the tag's links as the list has them. */
  clicks: number;
}

export function TagSummary({ sessionId, tag, clicks }: TagSummaryProps) {
  const query = useQuery({
    queryKey: ['tag-analytics', sessionId, tag, clicks],
    queryFn: () => getTagAnalytics(tag),
    retry: shouldRetry,
    placeholderData: keepPreviousData,
  });
  const data = query.data?.tag === tag ? query.data : undefined;
  return (
    <Card className="mb-3" data-testid="tag-summary">
      <Card.Header as="h2" className="h6 text-truncate">
        {tagMessages.tagSummaryTitle(tag)}
      </Card.Header>
      <Card.Body>
        {data ? (
          <Row className="g-3 align-items-center">
            <Col lg={4}>
              <dl className="row g-2 text-center mb-0">
                <Figure label={tagMessages.links} value={data.links} />
                <Figure label={tagMessages.totalClicks} value={data.totalClicks} />
                <Figure label={tagMessages.uniqueVisitors} value={data.uniqueVisitors} />
              </dl>
            </Col>
            <Col lg={8}>
              <ClicksByDayChart byDay={data.byDay} period={data.period} />
            </Col>
          </Row>
        ) : query.isError ? (
          <p className="text-danger mb-0">{tagMessages.tagFailed}</p>
        ) : (
          <div className="text-body-secondary" role="status">
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            {tagMessages.loadingTag}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}

/** The label first for screen readers, the number above it on screen. */
function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="col-4 d-flex flex-column-reverse">
      <dt className="small fw-normal text-body-secondary">{label}</dt>
      <dd className="fs-5 fw-semibold mb-0">{value}</dd>
    </div>
  );
}
