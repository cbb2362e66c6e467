/**
 * Below the list: visits to the short links this session deleted or renamed away, loaded when
 * opened, so that a printed link that now ends on a 404 page is noticed.
 */
import { useState } from 'react';
import { Card } from 'react-bootstrap';
import { ORPHAN_VISITS_MAX_AGE_DAYS, type OrphanVisits } from '../../../../../shared/orphan-visits';
import { OrphanVisitsView } from '../../../components/OrphanVisitsView';
import { RetryAlert } from '../../../components/RetryAlert';
import { getOrphanVisits } from '../api';
import { messages } from '../messages';
import { FormSection } from './FormSection';

export function RetiredAliasVisits() {
  const [isOpen, setIsOpen] = useState(false);
  const [visits, setVisits] = useState<OrphanVisits | null>(null);
  const [failed, setFailed] = useState(false);

  function load() {
    setFailed(false);
    getOrphanVisits().then(setVisits, () => setFailed(true));
  }

  function handleToggle() {
    if (!isOpen) load();
    setIsOpen(!isOpen);
  }

  return (
    <Card className="mt-4">
      <Card.Body>
        <FormSection className="" title={messages.retiredVisitsTitle} isOpen={isOpen} onToggle={handleToggle}>
          <div className="pt-2">
            <p className="text-body-secondary small">
              {messages.retiredVisitsHelp(ORPHAN_VISITS_MAX_AGE_DAYS)}
            </p>
            {failed && <RetryAlert text={messages.retiredVisitsFailed} onRetry={load} />}
            {visits?.total === 0 && <p className="mb-0">{messages.retiredVisitsNone}</p>}
            {visits !== null && visits.total > 0 && <OrphanVisitsView visits={visits} />}
          </div>
        </FormSection>
      </Card.Body>
    </Card>
  );
}
