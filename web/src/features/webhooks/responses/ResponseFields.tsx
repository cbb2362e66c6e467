import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { MAX_RESPONSE_DELAY_MS, RESPONSE_FAULTS } from '../../../../../shared/responses';
import { responseMessages } from './messages';
import type { ResponseDraft } from './rule-draft';
import { TextField } from './TextField';

interface ResponseFieldsProps {
  /** 0-based; shown from 1. */
  index: number;
  draft: ResponseDraft;
  canRemove: boolean;
  onChange: (draft: ResponseDraft) => void;
  onRemove: () => void;
}

/** One answer of a rule: status, delay, headers and body, or a fault instead of an answer. */
export function ResponseFields({ index, draft, canRemove, onChange, onRemove }: ResponseFieldsProps) {
  const text = responseMessages.editor;
  const position = index + 1;
  const id = (field: string) => `response-${index}-${field}`;
  const set = (field: keyof ResponseDraft) => (value: string) => onChange({ ...draft, [field]: value });
  return (
    <fieldset className="border rounded p-2 mb-2">
      <div className="d-flex align-items-center mb-2">
        <legend className="fs-6 fw-semibold mb-0 w-auto">{text.response(position)}</legend>
        {canRemove && (
          <Button variant="link" size="sm" className="ms-auto text-danger p-0" onClick={onRemove}>
            {text.removeResponse(position)}
          </Button>
        )}
      </div>
      <Row className="g-2 mb-2">
        <Col sm={4}>
          <Form.Label htmlFor={id('kind')} className="small mb-1">
            {text.answerKind}
          </Form.Label>
          <Form.Select
            id={id('kind')}
            size="sm"
            value={draft.fault}
            onChange={(event) => set('fault')(event.target.value)}
          >
            {(['', ...RESPONSE_FAULTS] as const).map((kind) => (
              <option key={kind} value={kind}>
                {text.answerKinds[kind]}
              </option>
            ))}
          </Form.Select>
        </Col>
        {!draft.fault && (
          <Col sm={4}>
            <TextField
              id={id('status')}
              label={text.status}
              inputMode="numeric"
              placeholder={text.statusPlaceholder}
              value={draft.status}
              onChange={set('status')}
            />
          </Col>
        )}
        <Col sm={4}>
          <Form.Label htmlFor={id('delay')} className="small mb-1">
            {text.delayMs}
          </Form.Label>
          <Form.Control
            id={id('delay')}
            type="number"
            min={0}
            max={MAX_RESPONSE_DELAY_MS}
            step={100}
            size="sm"
            value={draft.delayMs}
            onChange={(event) => set('delayMs')(event.target.value)}
          />
        </Col>
      </Row>
      {draft.fault ? (
        <Form.Text className="d-block">{text.faultHelp[draft.fault]}</Form.Text>
      ) : (
        <AnswerFields {...{ draft, id, set }} />
      )}
    </fieldset>
  );
}

interface AnswerFieldsProps {
  draft: ResponseDraft;
  id: (field: string) => string;
  set: (field: keyof ResponseDraft) => (value: string) => void;
}

/** The headers, body and stream of an answer. */
function AnswerFields({ draft, id, set }: AnswerFieldsProps) {
  const text = responseMessages.editor;
  const headersLabel = (
    <>
      {text.headers} <span className="text-body-secondary">({text.headersHelp})</span>
    </>
  );
  return (
    <>
      <div className="mb-2">
        <TextField
          id={id('headers')}
          label={headersLabel}
          rows={2}
          value={draft.headers}
          onChange={set('headers')}
        />
      </div>
      <div className="mb-2">
        <TextField id={id('body')} label={text.body} rows={3} value={draft.body} onChange={set('body')} />
      </div>
      <TextField
        id={id('stream')}
        label={text.stream}
        rows={draft.stream === '' ? 1 : 4}
        value={draft.stream}
        onChange={set('stream')}
        placeholder={text.streamHelp}
      />
    </>
  );
}
