import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { shareUrl, webhookUrl } from '../../../../../shared/webhooks';
import { CopyButton } from '../../../components/CopyButton';
import { apiBase } from '../../../lib/http';
import { messages } from '../messages';

interface WebhookUrlCardProps {
  sessionId: string;
  isShared: boolean;
  /** While private the Share link opens nothing by itself, and the card says so. */
  isPrivate?: boolean;
}

/** The session's capture address with Copy and Share, and a ready-made request to try it. */
export function WebhookUrlCard({ sessionId, isShared, isPrivate = false }: WebhookUrlCardProps) {
  const url = webhookUrl(apiBase, sessionId);
  const exampleTail = ` -H 'Content-Type: application/json' -d '{"hello":"world"}'`;
  return (
    <Card className="mb-3 shadow-sm">
      <Card.Body>
        {isShared && (
          <Alert variant="info" className="py-2">
            {messages.sharedNote}
          </Alert>
        )}
        <Form.Label htmlFor="webhook-url" className="fw-semibold">
          {messages.urlLabel}
        </Form.Label>
        <InputGroup>
          <Form.Control id="webhook-url" value={url} readOnly className="font-monospace" />
          <CopyButton
            text={url}
            label={messages.copy}
            variant="primary"
            size={undefined}
            successMessage={messages.urlCopied}
            failureMessage={messages.urlCopyFailed}
          />
          <CopyButton
            text={shareUrl(window.location.origin, sessionId)}
            label={messages.share}
            variant="outline-secondary"
            size={undefined}
            successMessage={messages.shareCopied}
            failureMessage={messages.urlCopyFailed}
            title={isPrivate ? messages.shareTitlePrivate : messages.shareTitle}
          />
        </InputGroup>
        {isPrivate && <p className="small text-body-secondary mt-2 mb-0">{messages.privateShareNote}</p>}
        <div className="d-flex align-items-center gap-2 mt-2 small text-body-secondary">
          <span className="flex-shrink-0">{messages.tryIt}</span>
          <code className="text-truncate" style={{ minWidth: 0 }} title={`curl -X POST ${url}${exampleTail}`}>
            curl -X POST <span>{url}</span>
            {exampleTail}
          </code>
          <CopyButton
            text={`curl -X POST ${url}${exampleTail}`}
            label={messages.copyExample}
            variant="outline-secondary"
            successMessage={messages.curlCopied}
          />
        </div>
      </Card.Body>
    </Card>
  );
}
