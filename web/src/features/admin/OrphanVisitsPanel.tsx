/** The Admin panel's "Orphan visits" tab: visits to short links that do not exist, on this instance. */
import { useCallback, useEffect, useState } from 'react';
import { Card } from 'react-bootstrap';
import {
  ORPHAN_VISITS_KEPT,
  ORPHAN_VISITS_MAX_AGE_DAYS,
  type OrphanVisits,
} from '../../../../shared/orphan-visits';
import { EmptyState } from '../../components/EmptyState';
import { LoadingStatus } from '../../components/LoadingStatus';
import { OrphanVisitsView } from '../../components/OrphanVisitsView';
import { RetryAlert } from '../../components/RetryAlert';
import { getOrphanVisits } from './api';
import { messages } from './messages';

export function OrphanVisitsPanel() {
  const [visits, setVisits] = useState<OrphanVisits | null>(null);
  const [failed, setFailed] = useState(false);

  const fetchVisits = useCallback(() => {
    getOrphanVisits().then(setVisits, () => setFailed(true));
  }, []);
  useEffect(fetchVisits, [fetchVisits]);

  function retry() {
    setFailed(false);
    fetchVisits();
  }

  return (
    <Card>
      <Card.Header as="h2" className="h5">
        {messages.orphanVisitsTab}
      </Card.Header>
      <Card.Body>
        <p className="text-body-secondary">
          {messages.orphanVisitsHelp(ORPHAN_VISITS_KEPT, ORPHAN_VISITS_MAX_AGE_DAYS)}
        </p>
        {failed && <RetryAlert text={messages.orphanVisitsFailed} onRetry={retry} />}
        {!failed && visits === null && <LoadingStatus text={messages.orphanVisitsLoading} />}
        {visits?.total === 0 && <EmptyState title={messages.orphanVisitsEmpty} />}
        {visits !== null && visits.total > 0 && (
          <>
            <p>{messages.orphanVisitsTotal(visits.total)}</p>
            <OrphanVisitsView visits={visits} />
          </>
        )}
      </Card.Body>
    </Card>
  );
}
