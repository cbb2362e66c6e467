import type { CaptureResponse } from '../../../../../shared/webhooks';
import { statusVariant } from './answer';
import { responseMessages } from './messages';

/**
 * The status a request was answered with, small, coloured by class; "…" while a forwarder's answer
 * is awaited. Not a .badge: a request row's badge is its method.
 */
export function AnswerStatus({ response }: { response: CaptureResponse }) {
  const { status } = response;
  const { answer } = responseMessages;
  const title = status === null ? answer.pendingTitle : answer.statusTitle(status);
  return (
    <span
      className={`answer-status ms-auto flex-shrink-0 font-monospace small rounded-1 px-1 text-bg-${statusVariant(status)}`}
      data-testid="answer-status"
      title={title}
    >
      {status ?? answer.pending}
    </span>
  );
}
