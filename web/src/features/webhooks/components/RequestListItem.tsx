import { memo } from 'react';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { formatBinaryBytes, formatDateTime, formatRowTime } from '../../../lib/format';
import { compareMessages } from '../compare/messages';
import { ForwardResult } from '../forward/ForwardResult';
import { messages } from '../messages';
import { ProviderBadges } from '../recognise/ProviderBadges';
import { RedeliveryBadge } from '../recognise/RedeliveryBadge';
import { useRequestMarks } from '../useRequestMarks';
import { AnswerStatus } from '../responses/AnswerStatus';
import { ContractBadge } from '../verdicts/ContractBadge';
import { SignatureBadge } from '../verdicts/SignatureBadge';
import { MethodBadge } from '../../../components/MethodBadge';

interface RequestListItemProps {
  event: WebhookEvent;
  isSelected: boolean;
  onSelect: (id: number) => void;
  onDelete: (id: number) => void;
}

function TrashIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
      <path d="M5.5 5.5A.5.5 0 0 1 6 6v6a.5.5 0 0 1-1 0V6a.5.5 0 0 1 .5-.5m2.5 0a.5.5 0 0 1 .5.5v6a.5.5 0 0 1-1 0V6a.5.5 0 0 1 .5-.5m3 .5a.5.5 0 0 0-1 0v6a.5.5 0 0 0 1 0z" />
      <path d="M14.5 3a1 1 0 0 1-1 1H13v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V4h-.5a1 1 0 0 1-1-1V2a1 1 0 0 1 1-1H6a1 1 0 0 1 1-1h2a1 1 0 0 1 1 1h3.5a1 1 0 0 1 1 1zM4.118 4 4 4.059V13a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1V4.059L11.882 4zM2.5 3h11V2h-11z" />
    </svg>
  );
}

/**
 * One row of the request list, two lines high: method, path, forwarding result and the sender's
 * answer; then time, provider, id and size. The whole row selects the request, the bin deletes it,
 * and while "Compare" is on a checkbox picks it.
 */
export const RequestListItem = memo(function RequestListItem({
  event,
  isSelected,
  onSelect,
  onDelete,
}: RequestListItemProps) {
  const query = event.queryString ? `?${event.queryString}` : '';
  const marks = useRequestMarks();
  return (
    <div
      className={`request-row list-group-item list-group-item-action h-100 rounded-0 border-0 border-bottom d-flex align-items-center gap-2 ${isSelected ? 'active' : ''}`}
    >
      {marks.isPicking && (
        <input
          type="checkbox"
          className="form-check-input m-0 position-relative z-2 flex-shrink-0"
          aria-label={compareMessages.pickLabel(event)}
          checked={marks.picked.includes(event.id)}
          onChange={() => marks.togglePick(event.id)}
        />
      )}
      <button
        type="button"
        className="btn btn-link stretched-link p-0 text-reset text-decoration-none text-start flex-grow-1 overflow-hidden"
        aria-current={isSelected ? 'true' : undefined}
        onClick={() => onSelect(event.id)}
      >
        <span className="d-flex align-items-center gap-2">
          <MethodBadge method={event.method} isOnActive={isSelected} />
          <span className="request-path font-monospace text-truncate flex-grow-1" title={event.path + query}>
            {event.path}
            {query}
          </span>
          <ForwardResult forwarded={event.forwarded} />
          <AnswerStatus response={event.response} />
        </span>
        <span className="request-row-meta d-flex align-items-center gap-2 small">
          <time
            className="request-row-dim flex-shrink-0"
            dateTime={event.timestamp}
            title={formatDateTime(event.timestamp)}
          >
            {formatRowTime(event.timestamp)}
          </time>
          {/* The event type gives way first, so the mark and the provider stay whole. */}
          <span className="d-flex align-items-center gap-1 overflow-hidden flex-grow-1">
            {marks.redeliveries.has(event.id) && <RedeliveryBadge />}
            <ProviderBadges event={event} isCompact />
            <SignatureBadge verdict={event.verdicts?.signature} />
            <ContractBadge verdict={event.verdicts?.contract} />
          </span>
          <span className="request-row-dim flex-shrink-0 text-nowrap">
            {messages.eventId(event.id)} · {formatBinaryBytes(event.size)}
          </span>
        </span>
      </button>
      <button
        type="button"
        className="btn btn-sm btn-link text-reset position-relative z-2 flex-shrink-0 px-1"
        aria-label={messages.deleteRequest}
        title={messages.deleteRequest}
        onClick={() => onDelete(event.id)}
      >
        <TrashIcon />
      </button>
    </div>
  );
});
