import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import type { ReplayAnswer } from '../../../../../shared/replay';
import { webhookUrl, type WebhookEvent } from '../../../../../shared/webhooks';
import { CommandLine } from '../components/CommandLine';
import { ApiError, apiBase } from '../../../lib/http';
import { replayTargetKey } from '../../../lib/storage';
import { replayEvent } from './api';
import { HeaderRows } from './HeaderRows';
import { localReplayCommand } from './local-command';
import { replayMessages as text } from './messages';
import { ReplayAnswerView } from './ReplayAnswerView';
import { draftFromEvent, toReplayBody, type ReplayDraft } from './replay-draft';

interface ReplayDialogProps {
  event: WebhookEvent;
  sessionId: string;
  onClose: () => void;
}

const FORM_ID = 'replay-form';

/** `isRefused`: the server would not send it (a private address, replay off, too many): the CLI can. */
type Outcome = { answer: ReplayAnswer } | { error: string; isRefused: boolean } | null;

/** Statuses after which replaying from the user's own machine is the way on. */
const REFUSED = new Set([403, 429]);

/** The same replay from the user's own machine, where local and private addresses are reachable. */
function LocalReplay({ command }: { command: string }) {
  return (
    <section aria-label={text.localTitle} className="border rounded p-2 mb-3">
      <p className="small mb-2">{text.localIntro}</p>
      <CommandLine
        command={command}
        copyLabel={text.copyCommand}
        copiedMessage={text.commandCopied}
        testId="local-replay-command"
      />
      <p className="small text-body-secondary mt-2 mb-0">{text.localKeyNote}</p>
    </section>
  );
}

/** Edits a copy of the request, has the server send it, and shows the answer beside it. */
export function ReplayDialog({ event, sessionId, onClose }: ReplayDialogProps) {
  const [draft, setDraft] = useState<ReplayDraft>(() =>
    draftFromEvent(event, localStorage.getItem(replayTargetKey(sessionId)) ?? ''),
  );
  const [isSending, setIsSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const change = (part: Partial<ReplayDraft>) => setDraft((current) => ({ ...current, ...part }));

  async function handleSend(formEvent: FormEvent) {
    formEvent.preventDefault();
    const body = toReplayBody(draft, event);
    localStorage.setItem(replayTargetKey(sessionId), body.url);
    setIsSending(true);
    try {
      setOutcome({ answer: await replayEvent(event.id, body) });
    } catch (error) {
      // The server's text says what went wrong with the target (refused, unreachable, too slow).
      const isApiError = error instanceof ApiError;
      setOutcome({
        error: isApiError && error.message ? error.message : text.failed,
        isRefused: isApiError && REFUSED.has(error.status),
      });
    } finally {
      setIsSending(false);
    }
  }

  return (
    <Modal show onHide={onClose} size="xl" centered scrollable aria-labelledby="replay-title">
      <Modal.Header closeButton>
        <Modal.Title id="replay-title">{text.title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Row className="g-4">
          <Col lg={6} as={Form} id={FORM_ID} onSubmit={(formEvent) => void handleSend(formEvent)}>
            <Form.Group className="mb-3" controlId="replay-url">
              <Form.Label>{text.targetUrl}</Form.Label>
              <Form.Control
                type="url"
                required
                placeholder={text.targetPlaceholder}
                value={draft.url}
                onChange={(input) => change({ url: input.target.value })}
              />
            </Form.Group>
            <Form.Group className="mb-3" controlId="replay-method">
              <Form.Label>{text.method}</Form.Label>
              <Form.Control
                className="font-monospace"
                style={{ maxWidth: '12rem' }}
                value={draft.method}
                onChange={(input) => change({ method: input.target.value })}
              />
            </Form.Group>
            <div className="mb-3">
              <HeaderRows headers={draft.headers} onChange={(headers) => change({ headers })} />
            </div>
            <Form.Group controlId="replay-body">
              <Form.Label>{event.bodyEncoding === 'base64' ? text.bodyBase64 : text.body}</Form.Label>
              <Form.Control
                as="textarea"
                rows={8}
                className="font-monospace"
                value={draft.body}
                disabled={event.bodyCut}
                onChange={(input) => change({ body: input.target.value })}
              />
              {event.bodyCut && <Form.Text>{text.bodyCut}</Form.Text>}
            </Form.Group>
          </Col>
          <Col lg={6}>
            <h2 className="h6">{text.answer}</h2>
            {outcome === null && <p className="text-body-secondary">{text.noAnswerYet}</p>}
            {outcome && 'error' in outcome && <Alert variant="danger">{outcome.error}</Alert>}
            {outcome && 'error' in outcome && outcome.isRefused && (
              <LocalReplay
                command={localReplayCommand(webhookUrl(apiBase, sessionId), event.id, draft.url)}
              />
            )}
            {outcome && 'answer' in outcome && <ReplayAnswerView answer={outcome.answer} />}
          </Col>
        </Row>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {text.close}
        </Button>
        <Button
          type="submit"
          form={FORM_ID}
          variant="primary"
          disabled={isSending || draft.url.trim() === ''}
        >
          {isSending ? text.sending : text.send}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
