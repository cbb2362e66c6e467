/** How the answer a sender got is shown: a colour per status class and a sentence saying who answered. */
import type { CaptureResponse } from '../../../../../shared/webhooks';
import { responseMessages } from './messages';

/**
 * Bootstrap colour of a status: 2xx success, 3xx info, 4xx warning, 5xx danger, below 200 (and pending)
 * secondary. Anything past 599, which only a replay's target can answer, counts as danger.
 */
export function statusVariant(status: number | null): string {
  if (status === null || status < 200) return 'secondary';
  if (status >= 500) return 'danger';
  if (status >= 400) return 'warning';
  if (status >= 300) return 'info';
  return 'success';
}

/** Who answered the sender and with what: "Answered 500 by rule 2", "Default answer", … */
export function describeAnswer(response: CaptureResponse): string {
  const { answer } = responseMessages;
  const { status, source } = response;
  if (status === null) return answer.forwarderPending;
  // A fault: the sender got nothing at all.
  if (status === 0 && source === 'rule') return answer.fault(response.rule);
  switch (source) {
    case 'rule':
      return response.rule === undefined ? answer.anyRule(status) : answer.rule(status, response.rule);
    case 'forwarder':
      return answer.forwarder(status);
    case 'error':
      return answer.error(status);
    case 'default':
      return answer.default(status);
    case 'conformance':
      return answer.conformance(status);
  }
}
