import type { CaptureResponse } from '../../../../../shared/webhooks';
import { statusVariant } from './answer';
import { responseMessages } from './messages';

/**
 * The status a request was answered with, small, coloured by class; "…" while a forwarder's answer
 * is awaited, "—" when a fault gave no answer. Not a .badge: a request row's badge is its method.
 */
export function AnswerStatus({ response }: { response: CaptureResponse }) {
  const { status } = response;
  const { answer } = responseMessages;
  const isFault = status === 0;
  const title =
    status === null ? answer.pendingTitle : isFault ? answer.noAnswerTitle : answer.statusTitle(status);
  return (
    <span
      className={`answer-status ms-auto flex-shrink-0 font-monospace small rounded-1 px-1 text-bg-${statusVariant(status)}`}
      data-testid="answer-status"
      title={title}
    >
      {isFault ? answer.noAnswer : (status ?? answer.pending)}
    </span>
  );
}
