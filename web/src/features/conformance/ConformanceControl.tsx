/**
 * "Test my sender" in the inspector's header: whether a sender test is armed (and for how long
 * still), opening a drawer that arms one, disarms it, and links to the reports.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import type { ConformanceRun } from '../../../../shared/conformance';
import { paths } from '../../app/paths';
import { DrawerButton } from '../../components/DrawerButton';
import { disarmRun, listRuns } from './api';
import { ArmForm } from './ArmForm';
import { conformanceMessages as text } from './messages';
import { failureText, isArmedAt, timeLeft } from './time-left';
import { useNow } from './useNow';

const PAST_RUNS_SHOWN = 5;

function useRuns() {
  const [runs, setRuns] = useState<ConformanceRun[]>([]);
  const reload = useCallback(() => {
    listRuns().then(
      (answer) => setRuns(answer.runs),
      () => undefined,
    );
  }, []);
  useEffect(reload, [reload]);
  return { runs, reload };
}

export function ConformanceControl() {
  const { runs, reload } = useRuns();
  // Ticks only when the session has runs; their time left is then kept true to the second.
  const now = useNow(runs.length > 0);
  const armed = runs.find((run) => isArmedAt(run.endsAt, now)) ?? null;
  const summary = armed ? text.armedSummary(Math.ceil((Date.parse(armed.endsAt) - now) / 60_000)) : text.idle;
  const handleDisarm = async (id: number) => {
    await disarmRun(id).catch(() => undefined);
    reload();
  };
  return (
    <DrawerButton
      label={text.label}
      drawerTitle={text.drawerTitle}
      summary={<span className={armed ? 'text-warning-emphasis' : 'd-none d-sm-inline'}>{summary}</span>}
      onOpenChange={(isOpen) => isOpen && reload()}
    >
      {() => (
        <section aria-label={text.drawerTitle}>
          <p className="small text-body-secondary">{text.intro}</p>
          {armed ? (
            <div className="mb-4" data-testid="conformance-armed">
              <p className="fw-semibold mb-1">{text.armedTitle}</p>
              <p role="status">
                {text.armedLine(
                  armed.path,
                  armed.failFirst,
                  failureText(armed.failWith),
                  timeLeft(armed.endsAt, now),
                )}
              </p>
              <div className="d-flex gap-2">
                <Link className="btn btn-primary btn-sm" to={paths.conformance(armed.id)}>
                  {text.openReport}
                </Link>
                <Button variant="outline-danger" size="sm" onClick={() => void handleDisarm(armed.id)}>
                  {text.disarm}
                </Button>
              </div>
            </div>
          ) : (
            <ArmForm onArmed={reload} />
          )}
          {runs.length > 0 && (
            <>
              <h3 className="h6 mt-4">{text.pastRuns}</h3>
              <ul className="list-unstyled small">
                {runs.slice(0, PAST_RUNS_SHOWN).map((run) => (
                  <li key={run.id}>
                    <Link to={paths.conformance(run.id)}>{text.reportTitle(run.id)}</Link>{' '}
                    <span className="text-body-secondary">
                      {run.path} · {failureText(run.failWith)}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </DrawerButton>
  );
}
