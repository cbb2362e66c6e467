/**
 * The landing hero's card: the visitor's own webhook URL, ready to copy and to send requests to,
 * above a picture of how requests arrive in the Webhook Inspector.
 */
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { methodVariant, webhookUrl } from '../../../shared/webhooks';
import { CopyButton } from '../components/CopyButton';
import { SolidBadge } from '../components/SolidBadge';
import { messages as webhookMessages } from '../features/webhooks/messages';
import { apiBase } from '../lib/http';
import { useSession } from '../session/useSession';

interface PreviewRequest {
  method: string;
  path: string;
  age: string;
}

/** Made-up requests, to show what the Inspector's list looks like; the card says they are examples. */
const PREVIEW_REQUESTS: readonly PreviewRequest[] = [
  { method: 'POST', path: '/stripe', age: 'just now' },
  { method: 'POST', path: '/github?event=push', age: '12 s ago' },
  { method: 'PUT', path: '/orders/1042', age: '1 min ago' },
  { method: 'GET', path: '/health', age: '3 min ago' },
  { method: 'DELETE', path: '/cache', age: '5 min ago' },
];

const heroText = {
  urlLabel: 'Your webhook URL',
  starting: 'Starting your session…',
  failed: 'Could not start your session.',
  retry: 'Retry',
  tryIt: 'Send it anything, then open the Webhook Inspector to watch it arrive:',
  examples: 'Example requests',
} as const;

function WebhookUrlField() {
  const { user, status, retry } = useSession();
  if (!user && status === 'error') {
    return (
      <div className="d-flex align-items-center gap-2" role="alert">
        <span className="text-danger-emphasis">{heroText.failed}</span>
        <Button size="sm" variant="outline-primary" onClick={retry}>
          {heroText.retry}
        </Button>
      </div>
    );
  }
  const url = user ? webhookUrl(apiBase, user.sessionId) : '';
  return (
    <>
      <InputGroup>
        <Form.Control
          id="landing-webhook-url"
          value={url || heroText.starting}
          readOnly
          className="font-monospace small"
        />
        <CopyButton
          text={url}
          label={webhookMessages.copy}
          variant="primary"
          size={undefined}
          isDisabled={!url}
          successMessage={webhookMessages.urlCopied}
          failureMessage={webhookMessages.urlCopyFailed}
        />
      </InputGroup>
      {url && (
        <p className="small text-body-secondary mb-0 mt-2">
          {heroText.tryIt} <code className="text-break">curl -d &apos;hello&apos; {url}</code>
        </p>
      )}
    </>
  );
}

export function LandingHeroPreview() {
  return (
    <Card className="hb-preview shadow-sm border-0">
      <Card.Body className="bg-body-tertiary border-bottom">
        <Form.Label htmlFor="landing-webhook-url" className="d-flex align-items-center gap-2 fw-semibold">
          <span className="hb-live-dot" aria-hidden="true" />
          {heroText.urlLabel}
        </Form.Label>
        <WebhookUrlField />
      </Card.Body>
      <div aria-hidden="true">
        <div className="px-3 pt-2 pb-1 small text-body-secondary">{heroText.examples}</div>
        <div className="list-group list-group-flush">
          {PREVIEW_REQUESTS.map((request, index) => (
            <div
              key={request.path}
              className={`list-group-item hb-preview-row${index === 0 ? ' bg-primary-subtle' : ''}`}
            >
              <SolidBadge colour={methodVariant(request.method)} className="hb-method">
                {request.method}
              </SolidBadge>
              <code className="text-body text-truncate">{request.path}</code>
              <span className="text-body-secondary small text-nowrap">{request.age}</span>
            </div>
          ))}
        </div>
      </div>
    </Card>
  );
}
