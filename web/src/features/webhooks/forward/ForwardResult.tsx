import type { ForwardResult as Result } from '../../../../../shared/webhooks';
import { statusVariant } from '../responses/answer';
import { forwardMessages as text } from './messages';

/**
 * What the forwarder's target answered for a request, small: "→ 500" coloured by class, or
 * "→ failed" when the app could not be reached. Nothing for a request no forwarder reported on.
 */
export function ForwardResult({ forwarded }: { forwarded: Result | null | undefined }) {
  if (!forwarded) return null;
  const isFailed = 'error' in forwarded;
  const title = isFailed
    ? text.failedTitle(forwarded.error, forwarded.ms)
    : text.resultTitle(forwarded.status, forwarded.ms);
  return (
    <span
      className={`forward-result flex-shrink-0 font-monospace small rounded-1 px-1 border border-${isFailed ? 'danger' : statusVariant(forwarded.status)}-subtle text-${isFailed ? 'danger' : statusVariant(forwarded.status)}-emphasis`}
      data-testid="forward-result"
      title={title}
    >
      {isFailed ? text.failed : text.result(forwarded.status)}
    </span>
  );
}
