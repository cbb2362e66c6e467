/** The numbers an analytics link shows: totals, clicks per day and the top lists. Counts only. */
import { Card, Col, Row, Table } from 'react-bootstrap';
import type { SharedLinkAnalytics } from '../../../../shared/link-shares';
import type { DayCount, NamedCount } from '../../../../shared/links';
import { TopCounts } from '../short-links/components/TopCounts';
import { linkShareMessages as text } from './messages';

function Total({ label, value }: { label: string; value: number }) {
  return (
    <Col xs={6} md={3}>
      <Card className="h-100 text-center">
        <Card.Body className="py-2">
          <div className="small text-body-secondary">{label}</div>
          <div className="fs-4 fw-semibold" data-testid={`total-${label}`}>
            {value.toLocaleString('en-US')}
          </div>
        </Card.Body>
      </Card>
    </Col>
  );
}

function Ranking({ title, counts }: { title: string; counts: NamedCount[] }) {
  return (
    <Col md={6} xl={4}>
      <TopCounts title={title} counts={counts} emptyName="—" emptyText={text.noClicks} />
    </Col>
  );
}

function ByDay({ days }: { days: DayCount[] }) {
  return (
    <Card className="mb-3">
      <Card.Header as="h2" className="h6">
        {text.clicksByDay}
      </Card.Header>
      {days.length === 0 ? (
        <Card.Body className="text-body-secondary">{text.noClicks}</Card.Body>
      ) : (
        <Table size="sm" responsive className="mb-0 small" aria-label={text.clicksByDay}>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row" className="fw-normal text-nowrap">
                  {day.day}
                </th>
                <td className="text-end">{day.clicks}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}

export function SharedNumbers({ shared }: { shared: SharedLinkAnalytics }) {
  if (shared.kind === 'tag') {
    const { tag } = shared;
    return (
      <>
        <Row className="g-2 mb-3">
          <Total label={text.links} value={tag.links} />
          <Total label={text.totalClicks} value={tag.totalClicks} />
          <Total label={text.uniqueVisitors} value={tag.uniqueVisitors} />
        </Row>
        <ByDay days={tag.byDay} />
      </>
    );
  }
  const { link } = shared;
  return (
    <>
      <Row className="g-2 mb-3">
        <Total label={text.totalClicks} value={link.totalClicks} />
        <Total label={text.uniqueVisitors} value={link.uniqueVisitors} />
        <Total label={text.botClicks} value={link.botClicks} />
      </Row>
      <ByDay days={link.byDay} />
      <Row className="g-3">
        <Ranking title={text.byCountry} counts={link.byCountry} />
        <Ranking title={text.byBrowser} counts={link.byBrowser} />
        <Ranking title={text.byOs} counts={link.byOs} />
        <Ranking title={text.byReferrer} counts={link.byReferrer} />
        <Ranking title={text.byDevice} counts={link.byDevice} />
      </Row>
    </>
  );
}
