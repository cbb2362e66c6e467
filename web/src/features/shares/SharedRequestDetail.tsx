import { memo } from 'react';
import type { WebhookEvent } from '../../../../shared/webhooks';
import { DetailSection } from '../../components/DetailSection';
import { KeyValueTable } from '../../components/KeyValueTable';
import { MethodBadge } from '../../components/MethodBadge';
import { formatBinaryBytes, formatDateTime } from '../../lib/format';
import { VerdictSections } from '../webhooks/verdicts/VerdictSections';
import { shareMessages as text } from './messages';

type Pairs = (readonly [string, string])[];

function queryPairs(event: WebhookEvent): Pairs {
  return [...new URLSearchParams(event.queryString)];
}

function bodyText(event: WebhookEvent): string {
  if (event.payload !== null) return JSON.stringify(event.payload, null, 2);
  return event.body;
}

/**
 * One shared request, read only: its signature and contract verdicts (the secret's name, never its
 * value), body, query, headers (as the link shows them) and where it came from.
 */
export const SharedRequestDetail = memo(function SharedRequestDetail({ event }: { event: WebhookEvent }) {
  const target = event.path + (event.queryString ? `?${event.queryString}` : '');
  const query = queryPairs(event);
  const info: Pairs = [
    [text.info.ip, event.ip || text.unknown],
    [text.info.userAgent, event.userAgent || text.unknown],
    [text.info.time, formatDateTime(event.timestamp)],
    [text.info.size, formatBinaryBytes(event.size)],
    [text.info.id, String(event.id)],
  ];
  return (
    <article aria-label={`${event.method} ${target}`}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <MethodBadge method={event.method} />
        <code className="text-break flex-grow-1 fs-6">{target}</code>
        <span className="small text-body-secondary">{formatDateTime(event.timestamp)}</span>
      </div>
      <VerdictSections verdicts={event.verdicts} />
      {event.size > 0 && (
        <DetailSection title={text.sections.body}>
          {event.bodyEncoding === 'base64' && (
            <p className="small text-body-secondary">{text.binaryBody(formatBinaryBytes(event.size))}</p>
          )}
          <pre className="mb-0 small text-break shared-body">{bodyText(event)}</pre>
          {event.bodyCut && <p className="small text-body-secondary mt-2 mb-0">{text.bodyCut}</p>}
        </DetailSection>
      )}
      {query.length > 0 && (
        <DetailSection title={text.sections.query} isFlush>
          <KeyValueTable rows={query} columns={text.columnsKv} />
        </DetailSection>
      )}
      <DetailSection title={text.sections.headers} isFlush>
        <KeyValueTable rows={event.rawHeaders} columns={text.columnsKv} />
      </DetailSection>
      <DetailSection title={text.sections.info} isFlush>
        <KeyValueTable rows={info} />
      </DetailSection>
    </article>
  );
});
