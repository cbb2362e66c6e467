import { useMemo, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { MAX_RULE_RESPONSES, RULE_THEN, type ResponseRule } from '../../../../../shared/responses';
import { responseMessages } from './messages';
import { CallbackFields } from './CallbackFields';
import { ChanceFields } from './ChanceFields';
import { ConditionFields } from './ConditionFields';
import { PresetSelect } from './PresetSelect';
import { RESPONSE_PRESETS, URL_CHECK_PRESETS } from './presets';
import { EMPTY_SAMPLE, type SampleRequest, type TemplatesModule } from './preview';
import { ResponseFields } from './ResponseFields';
import { RulePreview } from './RulePreview';
import { emptyResponseDraft, fromDraft, toDraft, type RuleDraft } from './rule-draft';
import { useLeaveWarning } from './useLeaveWarning';
import { useResponseTemplates } from './useResponseTemplates';

const PRESETS = [...URL_CHECK_PRESETS, ...RESPONSE_PRESETS];

const COMMON_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

interface RuleEditorModalProps {
  /** 1-based position of the rule being edited; null for a new rule. */
  position: number | null;
  initial: RuleDraft;
  /** The request the preview starts from. */
  initialSample?: SampleRequest;
  /** Saves the rule; resolves with the server's reason when it refused, else null. */
  onSave: (rule: ResponseRule) => Promise<string | null>;
  onCancel: () => void;
}

/**
 * Adds or edits one rule, with a preview of what it answers a sample request; checked with the
 * server's own rules (templates included), then saved in the same step. Closing it or leaving the
 * page with changes asks first.
 */
export function RuleEditorModal({
  position,
  initial,
  initialSample,
  onSave,
  onCancel,
}: RuleEditorModalProps) {
  const text = responseMessages.editor;
  const [draft, setDraft] = useState(initial);
  const [sample, setSample] = useState<SampleRequest>(initialSample ?? EMPTY_SAMPLE);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useLeaveWarning(isDirty);
  const templates = useResponseTemplates();
  const parsed = useMemo(() => checkedRule(draft, templates), [draft, templates]);
  const methods =
    COMMON_METHODS.includes(draft.method) || draft.method === '*'
      ? COMMON_METHODS
      : [...COMMON_METHODS, draft.method];
  const title = position === null ? text.addTitle : text.editTitle(position);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if ('error' in parsed) return setError(parsed.error);
    setIsSaving(true);
    const problem = await onSave(parsed.rule);
    // Closed by the panel once saved; otherwise the server's reason is shown here.
    if (problem !== null) {
      setError(problem);
      setIsSaving(false);
    }
  }

  function handleCancel() {
    if (isDirty && !window.confirm(text.discard)) return;
    onCancel();
  }

  function choosePreset(name: string) {
    const preset = PRESETS.find((candidate) => candidate.name === name);
    if (!preset) return;
    setDraft(toDraft(preset.rule));
    setSample(preset.sample ?? EMPTY_SAMPLE);
    setError(null);
  }

  function changeResponse(index: number, next: RuleDraft['responses'][number]) {
    setDraft({ ...draft, responses: draft.responses.map((current, at) => (at === index ? next : current)) });
  }

  return (
    <Modal show onHide={handleCancel} size="lg" aria-labelledby="rule-editor-title">
      <Form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id="rule-editor-title" as="h2" className="fs-5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <PresetSelect onChoose={choosePreset} />
          <Row className="g-2 mb-2">
            <Col sm={3}>
              <Form.Label htmlFor="rule-method" className="small mb-1">
                {text.method}
              </Form.Label>
              <Form.Select
                id="rule-method"
                size="sm"
                value={draft.method}
                onChange={(event) => setDraft({ ...draft, method: event.target.value })}
              >
                <option value="*">{responseMessages.anyMethod}</option>
                {methods.map((method) => (
                  <option key={method}>{method}</option>
                ))}
              </Form.Select>
            </Col>
            <Col sm={5}>
              <Form.Label htmlFor="rule-path" className="small mb-1">
                {text.path}
              </Form.Label>
              <Form.Control
                id="rule-path"
                size="sm"
                className="font-monospace"
                value={draft.path}
                onChange={(event) => setDraft({ ...draft, path: event.target.value })}
                aria-describedby="rule-path-help"
                spellCheck={false}
              />
            </Col>
            <Col sm={4}>
              <Form.Label htmlFor="rule-then" className="small mb-1">
                {text.then}
              </Form.Label>
              <Form.Select
                id="rule-then"
                size="sm"
                value={draft.then}
                onChange={(event) => setDraft({ ...draft, then: event.target.value as RuleDraft['then'] })}
              >
                {RULE_THEN.map((then) => (
                  <option key={then} value={then}>
                    {text.thenOptions[then]}
                  </option>
                ))}
              </Form.Select>
            </Col>
          </Row>
          <Form.Text id="rule-path-help" className="d-block mb-2">
            {text.pathHelp}
          </Form.Text>
          <ConditionFields draft={draft} onChange={setDraft} />
          <ChanceFields draft={draft} onChange={setDraft} />
          <Form.Check
            id="rule-allow-pick"
            className="small mb-2"
            label={text.allowPick}
            checked={draft.allowPick}
            onChange={(event) => setDraft({ ...draft, allowPick: event.target.checked })}
          />
          <CallbackFields draft={draft} onChange={setDraft} />
          <Form.Text className="d-block mb-3">{text.templateHelp}</Form.Text>
          {draft.responses.map((response, index) => (
            <ResponseFields
              key={index}
              index={index}
              draft={response}
              canRemove={draft.responses.length > 1}
              onChange={(next) => changeResponse(index, next)}
              onRemove={() =>
                setDraft({ ...draft, responses: draft.responses.filter((_, at) => at !== index) })
              }
            />
          ))}
          {draft.responses.length < MAX_RULE_RESPONSES && (
            <Button
              variant="outline-secondary"
              size="sm"
              onClick={() => setDraft({ ...draft, responses: [...draft.responses, emptyResponseDraft()] })}
            >
              {text.addResponse}
            </Button>
          )}
          <RulePreview rule={parsed} sample={sample} onSampleChange={setSample} templates={templates} />
          {error && (
            <Alert variant="danger" className="mt-3 mb-0 py-2">
              {error}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <span className="small text-body-secondary me-auto">{text.savesNote}</span>
          <Button variant="outline-secondary" onClick={handleCancel}>
            {text.cancel}
          </Button>
          <Button type="submit" variant="primary" disabled={isSaving}>
            {isSaving ? text.saving : text.save}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** The rule the form describes, its templates checked as the server will once they have loaded. */
function checkedRule(
  draft: RuleDraft,
  templates: TemplatesModule | null,
): { rule: ResponseRule } | { error: string } {
  const result = fromDraft(draft);
  if ('error' in result || !templates) return result;
  const problem = templates.templateProblem([result.rule]);
  // The problem names the field in a list of rules; the editor holds one.
  return problem ? { error: problem.replace(/^rules\[0\]\./, '') } : result;
}
