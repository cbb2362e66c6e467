import { memo, useCallback, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import {
  displayMethod,
  webhookUrl,
  type ForwardResult,
  type WebhookEvent,
} from '../../../../../shared/webhooks';
import type { CallbackResult } from '../../../../../shared/callback-result';
import { CopyButton } from '../../../components/CopyButton';
import { apiBase } from '../../../lib/http';
import { formatBinaryBytes, formatDateTime } from '../../../lib/format';
import { bodyDownloadUrl, fetchEventBody } from '../api';
import { RequestBody } from '../body/RequestBody';
import { ReplayButton } from '../replay/ReplayButton';
import { forwardMessages } from '../forward/messages';
import { headerLines, pairsOf, type Pairs } from '../headers';
import { messages } from '../messages';
import { ProviderBadges } from '../recognise/ProviderBadges';
import { RedeliveryBadge } from '../recognise/RedeliveryBadge';
import { CopyAsMenu } from '../snippets/CopyAsMenu';
import { copySnippet, CURL_SNIPPET } from '../snippets/copy-snippet';
import { useRequestMarks } from '../useRequestMarks';
import { VerifySignature } from '../verify/VerifySignature';
import { describeAnswer } from '../responses/answer';
import { MakeRuleButton } from '../responses/MakeRuleButton';
import { responseMessages } from '../responses/messages';
import { VerdictSections } from '../verdicts/VerdictSections';
import { DetailSection } from '../../../components/DetailSection';
import { KeyValueTable } from '../../../components/KeyValueTable';
import { MethodBadge } from '../../../components/MethodBadge';

function describeForwarded(forwarded: ForwardResult): string {
  return 'error' in forwarded
    ? forwardMessages.failedTitle(forwarded.error, forwarded.ms)
    : forwardMessages.resultTitle(forwarded.status, forwarded.ms);
}

function callbackRows(callback: CallbackResult | null | undefined): Pairs {
  if (!callback) return [];
  const text = responseMessages.callbackResult;
  const { method, url, delayMs, status, durationMs, error, answer } = callback;
  if (callback.state === 'pending') return [[text.label, text.pending(method, delayMs)]];
  if (callback.state === 'failed') return [[text.label, text.failed(method, url, error ?? '')]];
  const sent: Pairs = [[text.label, text.sent(method, url ?? '', status ?? 0, durationMs ?? 0)]];
  return answer ? [...sent, [text.answerLabel, answer]] : sent;
}

function infoRows(event: WebhookEvent): Pairs {
  const { info } = messages;
  const forwarded: Pairs = event.forwarded
    ? [[forwardMessages.detailLabel, describeForwarded(event.forwarded)]]
    : [];
  return [
    [info.ip, event.ip || messages.unknown],
    [info.userAgent, event.userAgent || messages.unknown],
    [info.method, displayMethod(event.method)],
    [info.path, event.path],
    [info.contentType, event.contentType || messages.noContentType],
    [info.size, `${formatBinaryBytes(event.size)} (${messages.sizeInBytes(event.size)})`],
    [info.time, formatDateTime(event.timestamp)],
    [info.id, String(event.id)],
    [responseMessages.answer.label, describeAnswer(event.response)],
    ...callbackRows(event.callback),
    ...forwarded,
  ];
}

interface RequestDetailProps {
  event: WebhookEvent;
  sessionId: string;
  /** Back to the list, where the list and the details do not fit side by side (phones). */
  onBack?: () => void;
  /** More about the request, under its summary (its relay attempts). */
  extra?: (eventId: number) => ReactNode;
}

/** Everything about one captured request: body, query, headers and where it came from. */
export const RequestDetail = memo(function RequestDetail({
  event,
  sessionId,
  onBack,
  extra,
}: RequestDetailProps) {
  const downloadUrl = bodyDownloadUrl(event.id);
  const fetchBody = useCallback((decoded: boolean) => fetchEventBody(event.id, decoded), [event.id]);
  const queryRows = pairsOf(event.queryParams);
  const { sections } = messages;
  const target = event.path + (event.queryString ? `?${event.queryString}` : '');
  const { redeliveries } = useRequestMarks();
  const hookUrl = webhookUrl(apiBase, sessionId);

  return (
    <article aria-label={messages.requestDetails}>
      {onBack && (
        <Button
          variant="outline-secondary"
          size="sm"
          className="webhook-back d-lg-none mb-2"
          onClick={onBack}
        >
          <span aria-hidden="true">← </span>
          {messages.back}
        </Button>
      )}
      <Card className="mb-3 shadow-sm">
        <Card.Body className="d-flex flex-wrap align-items-center gap-2">
          <MethodBadge method={event.method} />
          <code className="text-break flex-grow-1 fs-6">{target}</code>
          <span className="small text-body-secondary">{formatDateTime(event.timestamp)}</span>
          <span className="small text-body-secondary">{formatBinaryBytes(event.size)}</span>
          <span className="d-inline-flex align-items-center gap-1 small" title={messages.idTitle}>
            <span className="font-monospace text-body-secondary" data-testid="event-id">
              {messages.eventId(event.id)}
            </span>
            <CopyButton
              text={String(event.id)}
              label={messages.copyId}
              variant="outline-secondary"
              successMessage={messages.idCopied}
            />
          </span>
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => void copySnippet(CURL_SNIPPET, event, hookUrl, downloadUrl)}
          >
            {messages.copyAsCurl}
          </Button>
          <CopyAsMenu event={event} webhookUrl={hookUrl} bodyDownloadUrl={downloadUrl} />
          <ReplayButton event={event} sessionId={sessionId} />
          <MakeRuleButton event={event} sessionId={sessionId} />
          <ProviderBadges event={event}>{redeliveries.has(event.id) && <RedeliveryBadge />}</ProviderBadges>
        </Card.Body>
      </Card>
      {extra?.(event.id)}
      <VerdictSections verdicts={event.verdicts} />
      {event.size > 0 && (
        <DetailSection title={sections.body}>
          <RequestBody event={event} fetchBody={fetchBody} downloadUrl={downloadUrl} />
        </DetailSection>
      )}
      {queryRows.length > 0 && (
        <DetailSection title={sections.query} isFlush>
          <KeyValueTable rows={queryRows} columns={messages.columns} />
        </DetailSection>
      )}
      <DetailSection title={sections.headers} isFlush>
        <KeyValueTable rows={headerLines(event)} columns={messages.columns} />
      </DetailSection>
      <VerifySignature key={event.id} event={event} fetchBody={fetchBody} />
      <DetailSection title={sections.info} isFlush>
        <KeyValueTable rows={infoRows(event)} />
      </DetailSection>
    </article>
  );
});
