import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { eventBodyBytes } from '../body/bytes';
import { originOf } from '../recognise/origin';
import { CustomHmacFields, NEW_CUSTOM_HMAC } from './CustomHmacFields';
import { verifyMessages as text } from './messages';
import { VerifyOutcome } from './VerifyOutcome';
import { rememberedSecret, rememberSecret } from './remembered-secrets';
import { hasSignatureHeader, SCHEMES, type Scheme } from '../../../../../shared/signatures/schemes';
import { defaultScheme, verifySignature, type VerifyProblem, type VerifyResult } from './signatures';

interface VerifySignatureProps {
  event: WebhookEvent;
  /** Fetches the stored body bytes; used when the event carries only the start of them. */
  fetchBody: (decoded: boolean) => Promise<ArrayBuffer>;
}

/** The exact bytes that were signed: the event's own copy (text or base64) unless it holds only a preview. */
async function signedBody(event: WebhookEvent, fetchBody: VerifySignatureProps['fetchBody']) {
  if (event.bodyCut) return new Uint8Array(await fetchBody(false));
  return eventBodyBytes(event);
}

/**
 * Checks the request's signature with a secret typed here; all in this page, the secret goes nowhere.
 * Folded to its title unless the request carries a signature header. Mount it keyed by the event
 * so another request starts from a clean form.
 */
export function VerifySignature({ event, fetchBody }: VerifySignatureProps) {
  const [isOpen, setIsOpen] = useState(() => hasSignatureHeader(event.headers));
  const [scheme, setScheme] = useState<Scheme>(() => defaultScheme(originOf(event).provider, event.headers));
  const [secret, setSecret] = useState(() => rememberedSecret(scheme) ?? '');
  const [isRemembered, setIsRemembered] = useState(() => rememberedSecret(scheme) !== null);
  const [custom, setCustom] = useState(NEW_CUSTOM_HMAC);
  const [outcome, setOutcome] = useState<VerifyResult | VerifyProblem | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  function handleSchemeChange(next: Scheme) {
    setScheme(next);
    const stored = rememberedSecret(next);
    setSecret(stored ?? '');
    setIsRemembered(stored !== null);
    setOutcome(null);
  }

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    rememberSecret(scheme, isRemembered ? secret : null);
    if (event.truncated) {
      setOutcome({ problem: text.truncated });
      return;
    }
    setIsBusy(true);
    try {
      const body = await signedBody(event, fetchBody);
      setOutcome(
        await verifySignature({ scheme, headers: event.headers, body, secret, custom, now: Date.now() }),
      );
    } catch {
      setOutcome({ problem: text.bodyFailed });
    } finally {
      setIsBusy(false);
    }
  }

  const bodyId = `verify-body-${event.id}`;
  return (
    <Card as="section" className="mb-3 shadow-sm" aria-label={text.title}>
      <Card.Header className="d-flex align-items-center justify-content-between gap-2">
        <h3 className="h6 mb-0">{text.title}</h3>
        <Button
          size="sm"
          variant="outline-secondary"
          className="py-0"
          aria-expanded={isOpen}
          aria-controls={bodyId}
          onClick={() => setIsOpen(!isOpen)}
        >
          {isOpen ? text.hide : text.show}
        </Button>
      </Card.Header>
      {isOpen && (
        <Card.Body id={bodyId}>
          <Form onSubmit={(e) => void handleSubmit(e)} autoComplete="off">
            <Row className="g-2 mb-2">
              <Form.Group as={Col} md={5} controlId="verify-scheme">
                <Form.Label className="small mb-1">{text.scheme}</Form.Label>
                <Form.Select
                  size="sm"
                  value={scheme}
                  onChange={(e) => handleSchemeChange(e.target.value as Scheme)}
                >
                  {SCHEMES.map((option) => (
                    <option key={option} value={option}>
                      {text.schemes[option]}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Form.Group as={Col} md={7} controlId="verify-secret">
                <Form.Label className="small mb-1">{text.secret}</Form.Label>
                <Form.Control
                  size="sm"
                  type="password"
                  className="font-monospace"
                  value={secret}
                  onChange={(e) => setSecret(e.target.value)}
                />
                <Form.Text>
                  {scheme === 'standard-webhooks' ? `${text.standardSecretHelp} ` : ''}
                  {text.secretHelp}
                </Form.Text>
              </Form.Group>
            </Row>
            {scheme === 'custom' && <CustomHmacFields value={custom} onChange={setCustom} />}
            <div className="d-flex align-items-center justify-content-between gap-2">
              <Form.Check
                id="verify-remember"
                label={text.remember}
                checked={isRemembered}
                onChange={(e) => setIsRemembered(e.target.checked)}
              />
              <Button type="submit" size="sm" variant="primary" disabled={isBusy}>
                {isBusy ? text.verifying : text.verify}
              </Button>
            </div>
          </Form>
          {outcome && <VerifyOutcome outcome={outcome} />}
        </Card.Body>
      )}
    </Card>
  );
}
