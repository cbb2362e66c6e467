/**
 * "Replay all" in the inspector's header: sends the requests the list shows (the search in force)
 * again from the server, as one job, and follows it live: a progress bar, a result per request
 * and a summary, with Cancel while it runs.
 */
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import type { EventsFilter } from '../../../../../shared/event-search';
import { isSuccess, type ReplayJob, type ReplayJobResult } from '../../../../../shared/replay-jobs';
import { DrawerButton } from '../../../components/DrawerButton';
import { ApiError } from '../../../lib/http';
import { bulkReplayMessages as text } from './messages';
import { useBulkReplay } from './useBulkReplay';

const DEFAULT_PER_MINUTE = 30;
/** The newest results shown; the API has them all. */
const RESULTS_SHOWN = 50;

function reason(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? `${fallback}: ${error.message}` : fallback;
}

function ResultRow({ result }: { result: ReplayJobResult }) {
  const ok = isSuccess(result);
  return (
    <li className="d-flex align-items-center gap-2 small py-1 border-bottom">
      <span className="text-body-secondary">{text.request(result.eventId)}</span>
      <Badge bg={ok ? 'success' : 'danger'}>{result.status ?? text.noAnswer}</Badge>
      <span className="text-body-secondary">{result.durationMs} ms</span>
      {result.error && <span className="text-danger-emphasis text-break">{result.error}</span>}
    </li>
  );
}

function JobView({ job, onCancel }: { job: ReplayJob; onCancel: () => void }) {
  const percent = job.total === 0 ? 0 : Math.round((job.done / job.total) * 100);
  return (
    <section aria-label={text.results} data-testid="bulk-replay-job">
      <p className="fw-semibold mb-1" role="status">
        {text.status[job.status]}: {text.progress(job.done, job.total)}
      </p>
      {/* Nested, so the label lands on the element with the progressbar role. */}
      <ProgressBar className="mb-2">
        <ProgressBar
          now={percent}
          label={`${percent}%`}
          visuallyHidden
          animated={job.status === 'running'}
          aria-label={text.progress(job.done, job.total)}
        />
      </ProgressBar>
      <p className="small mb-2">{text.summary(job.succeeded, job.failed)}</p>
      {job.status === 'running' && (
        <Button size="sm" variant="outline-danger" className="mb-2" onClick={onCancel}>
          {text.cancel}
        </Button>
      )}
      <ul className="list-unstyled mb-0">
        {job.results.slice(-RESULTS_SHOWN).map((result) => (
          <ResultRow key={result.eventId} result={result} />
        ))}
      </ul>
    </section>
  );
}

interface BulkReplayControlProps {
  /** The search in force: the job replays what it matches. */
  filter: EventsFilter;
  /** Requests it matches, when counted. */
  matching: number | null;
  isFiltered: boolean;
}

export function BulkReplayControl({ filter, matching, isFiltered }: BulkReplayControlProps) {
  const { job, start, cancel } = useBulkReplay();
  const [url, setUrl] = useState('');
  const [perMinute, setPerMinute] = useState(DEFAULT_PER_MINUTE);
  const [isStarting, setIsStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const isRunning = job?.status === 'running';

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setIsStarting(true);
    setProblem(null);
    try {
      await start(url.trim(), perMinute, filter);
    } catch (error) {
      setProblem(reason(error, text.failedToStart));
    } finally {
      setIsStarting(false);
    }
  }

  async function handleCancel(id: string) {
    try {
      await cancel(id);
    } catch (error) {
      setProblem(reason(error, text.failedToCancel));
    }
  }

  return (
    <DrawerButton
      label={text.label}
      drawerTitle={text.drawerTitle}
      summary={isRunning && job ? text.progress(job.done, job.total) : undefined}
    >
      {() => (
        <>
          <p className="small text-body-secondary">{text.intro(matching, isFiltered)}</p>
          <Form onSubmit={handleSubmit} className="mb-3">
            <Form.Group className="mb-2" controlId="bulk-replay-url">
              <Form.Label className="small mb-1">{text.targetUrl}</Form.Label>
              <Form.Control
                type="url"
                size="sm"
                required
                value={url}
                placeholder={text.targetPlaceholder}
                onChange={(event) => setUrl(event.target.value)}
              />
            </Form.Group>
            <Form.Group className="mb-2" controlId="bulk-replay-rate">
              <Form.Label className="small mb-1">{text.perMinute}</Form.Label>
              <Form.Control
                type="number"
                size="sm"
                min={1}
                required
                value={perMinute}
                onChange={(event) => setPerMinute(Number(event.target.value))}
              />
              <Form.Text>{text.perMinuteHelp}</Form.Text>
            </Form.Group>
            <Button
              type="submit"
              size="sm"
              disabled={isStarting || isRunning || url.trim() === '' || matching === 0}
            >
              {isStarting ? text.starting : text.start}
            </Button>
          </Form>
          {problem && (
            <Alert variant="danger" className="small py-2">
              {problem}
            </Alert>
          )}
          {job && <JobView job={job} onCancel={() => void handleCancel(job.id)} />}
        </>
      )}
    </DrawerButton>
  );
}
