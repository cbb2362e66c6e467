/** Total, Pending, Approved and In Progress counts, one card each; a dash while unknown. */
import { Card, Col, Row } from 'react-bootstrap';
import type { SuggestionStats } from '../../../../../shared/suggestions';
import { statusColour } from '../../../components/suggestion-badges';
import { messages } from '../messages';
import { statCards } from '../stats';

export function StatsCards({ stats }: { stats: SuggestionStats | undefined }) {
  return (
    <Row as="section" aria-label={messages.statsLabel} className="g-3 mb-4">
      {statCards(stats).map((card) => {
        const colour = card.key === 'total' ? 'primary' : statusColour(card.key);
        const labelId = `admin-stat-${card.key}`;
        return (
          <Col key={card.key} xs={6} md={3}>
            <Card role="group" aria-labelledby={labelId} className={`h-100 border-${colour}-subtle`}>
              <Card.Body>
                <div id={labelId} className="small text-body-secondary">
                  {card.label}
                </div>
                <div className={`fs-3 fw-bold text-${colour}-emphasis`}>{card.value ?? '—'}</div>
              </Card.Body>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
