/** The report's checks: a Pass/Warn/Fail badge, the title, the explanation and links to the evidence. */
import { ListGroup } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import type { CheckOutcome, ConformanceCheck } from '../../../../shared/conformance';
import { paths } from '../../app/paths';
import { SolidBadge } from '../../components/SolidBadge';
import { conformanceMessages as text } from './messages';

const OUTCOME_COLOURS: Record<CheckOutcome, string> = { pass: 'success', warn: 'warning', fail: 'danger' };

export function CheckList({ checks }: { checks: ConformanceCheck[] }) {
  return (
    <ListGroup as="ul" aria-label={text.checksLabel}>
      {checks.map((check) => (
        <ListGroup.Item as="li" key={check.id} data-testid={`check-${check.id}`}>
          <div className="d-flex align-items-baseline gap-2">
            <SolidBadge colour={OUTCOME_COLOURS[check.outcome]} className="flex-shrink-0">
              {text.outcomes[check.outcome]}
            </SolidBadge>
            <h2 className="h6 mb-1">{check.title}</h2>
          </div>
          <p className="mb-1 text-break">{check.explanation}</p>
          <p className="small mb-0 text-body-secondary">
            {text.evidence}{' '}
            {check.evidence.length === 0
              ? text.noEvidence
              : check.evidence.map((id, index) => (
                  <span key={id}>
                    {index > 0 && ', '}
                    <Link to={paths.webhookEvent(id)}>{text.eventLink(id)}</Link>
                  </span>
                ))}
          </p>
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
