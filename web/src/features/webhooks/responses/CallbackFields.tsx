import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { responseMessages } from './messages';
import type { CallbackDraft, RuleDraft } from './rule-draft';
import { TextField } from './TextField';

const METHODS = ['POST', 'PUT', 'PATCH', 'GET', 'DELETE'];

/** A new Standard Webhooks secret: whsec_ and 24 random bytes in base64. */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

/** The rule's callback: a request sent after the answer, made from templates over the request. */
export function CallbackFields({
  draft,
  onChange,
}: {
  draft: RuleDraft;
  onChange: (draft: RuleDraft) => void;
}) {
  const text = responseMessages.editor.callback;
  const { callback } = draft;
  const change = (patch: Partial<CallbackDraft>) =>
    onChange({ ...draft, callback: { ...callback, ...patch } });
  const methods = METHODS.includes(callback.method) ? METHODS : [...METHODS, callback.method];
  return (
    <fieldset className="mb-3" aria-describedby="rule-callback-help">
      <Form.Check
        id="rule-callback-on"
        className="small mb-1"
        label={text.toggle}
        checked={callback.isOn}
        onChange={(event) => change({ isOn: event.target.checked })}
      />
      {callback.isOn && (
        <>
          <Row className="g-2 mb-1">
            <Col xs={4} sm={2}>
              <Form.Label htmlFor="rule-callback-method" className="small mb-1">
                {text.method}
              </Form.Label>
              <Form.Select
                id="rule-callback-method"
                size="sm"
                value={callback.method}
                onChange={(event) => change({ method: event.target.value })}
              >
                {methods.map((method) => (
                  <option key={method}>{method}</option>
                ))}
              </Form.Select>
            </Col>
            <Col xs={8} sm={7}>
              <TextField
                id="rule-callback-url"
                label={text.url}
                value={callback.url}
                onChange={(url) => change({ url })}
              />
            </Col>
            <Col xs={12} sm={3}>
              <TextField
                id="rule-callback-delay"
                label={text.delayMs}
                value={callback.delayMs}
                inputMode="numeric"
                onChange={(delayMs) => change({ delayMs })}
              />
            </Col>
          </Row>
          <Row className="g-2 mb-1">
            <Col sm={6}>
              <TextField
                id="rule-callback-headers"
                label={text.headers}
                rows={2}
                value={callback.headers}
                onChange={(headers) => change({ headers })}
              />
            </Col>
            <Col sm={6}>
              <TextField
                id="rule-callback-body"
                label={text.body}
                rows={2}
                value={callback.body}
                onChange={(body) => change({ body })}
              />
            </Col>
          </Row>
          <Row className="g-2 mb-1 align-items-end">
            <Col xs={8} sm={9}>
              <TextField
                id="rule-callback-secret"
                label={text.secret}
                value={callback.secret}
                onChange={(secret) => change({ secret })}
              />
            </Col>
            <Col xs={4} sm={3}>
              <Button
                variant="outline-secondary"
                size="sm"
                className="w-100"
                onClick={() => change({ secret: newSecret() })}
              >
                {text.newSecret}
              </Button>
            </Col>
          </Row>
        </>
      )}
      <Form.Text id="rule-callback-help" className="d-block">
        {text.help}
      </Form.Text>
    </fieldset>
  );
}
