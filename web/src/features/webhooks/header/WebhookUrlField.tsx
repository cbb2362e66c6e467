import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { shareUrl, webhookUrl } from '../../../../../shared/webhooks';
import { CopyButton } from '../../../components/CopyButton';
import { apiBase } from '../../../lib/http';
import { messages } from '../messages';

interface WebhookUrlFieldProps {
  sessionId: string;
  /** Opened from someone's Share link: the URL is theirs, and says so. */
  isShared: boolean;
  /** While private the Share link opens nothing by itself; its tooltip says so. */
  isPrivate: boolean;
  /** A Share control composed in by the app, given the full-access link's Copy button; without it Share copies that link. */
  share?: (fullAccess: ReactNode) => ReactNode;
}

/** The session's capture address with Copy and Share; a narrow screen ends it with an ellipsis, never the buttons. */
export function WebhookUrlField({ sessionId, isShared, isPrivate, share }: WebhookUrlFieldProps) {
  const url = webhookUrl(apiBase, sessionId);
  const copyShareLink = (label: string) => (
    <CopyButton
      text={shareUrl(window.location.origin, sessionId)}
      label={label}
      variant="outline-secondary"
      size={undefined}
      successMessage={messages.shareCopied}
      failureMessage={messages.urlCopyFailed}
      title={isPrivate ? messages.shareTitlePrivate : messages.shareTitle}
    />
  );
  return (
    <div className="webhook-url-field d-flex flex-wrap align-items-center column-gap-2">
      <Form.Label htmlFor="webhook-url" className="small fw-semibold text-nowrap mb-0">
        {isShared ? messages.sharedUrlLabel : messages.urlLabel}
      </Form.Label>
      <InputGroup size="sm" className="webhook-url-group flex-nowrap">
        <Form.Control
          id="webhook-url"
          value={url}
          readOnly
          title={url}
          className="font-monospace webhook-url-input"
        />
        <CopyButton
          text={url}
          label={messages.copy}
          variant="primary"
          size={undefined}
          successMessage={messages.urlCopied}
          failureMessage={messages.urlCopyFailed}
        />
        {share ? share(copyShareLink(messages.copyFullAccess)) : copyShareLink(messages.share)}
      </InputGroup>
    </div>
  );
}
