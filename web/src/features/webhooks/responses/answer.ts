/** How the answer a sender got is shown: a colour per status class and a sentence saying who answered. */
import type { CaptureResponse } from '../../../../../shared/webhooks';
import { responseMessages } from './messages';

/** Bootstrap colour of a status: 2xx success, 3xx info, 4xx warning, 5xx danger, else (and pending) secondary. */
export function statusVariant(status: number | null): string {
  if (status === null) return 'secondary';
  if (status >= 200 && status < 300) return 'success';
  if (status >= 300 && status < 400) return 'info';
  if (status >= 400 && status < 500) return 'warning';
  if (status >= 500 && status < 600) return 'danger';
  return 'secondary';
}

/** Who answered the sender and with what: "Answered 500 by rule 2", "Default answer", … */
export function describeAnswer(response: CaptureResponse): string {
  const { answer } = responseMessages;
  const { status, source } = response;
  if (status === null) return answer.forwarderPending;
  switch (source) {
    case 'rule':
      return response.rule === undefined ? answer.anyRule(status) : answer.rule(status, response.rule);
    case 'forwarder':
      return answer.forwarder(status);
    case 'error':
      return answer.error(status);
    case 'default':
      return answer.default(status);
  }
}
