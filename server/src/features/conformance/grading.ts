/**
 * Grades a run: every check over the run's deliveries, in a fixed order, and the summary.
 */
import {
  CHECK_TITLES,
  type ConformanceCheck,
  type ConformanceReport,
  type ConformanceRun,
} from '../../../../shared/conformance.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { viewRun } from './deliveries.js';
import {
  checkContentType,
  checkSignature,
  checkSize,
  checkTimestampFresh,
  checkTimestampSigned,
} from './delivery-checks.js';
import { checkAfterTimeout, checkBackoff, checkDeliveryId, checkRetries } from './retry-checks.js';

const CHECKS = [
  checkSignature,
  checkTimestampFresh,
  checkTimestampSigned,
  checkDeliveryId,
  checkRetries,
  checkBackoff,
  checkAfterTimeout,
  checkContentType,
  checkSize,
];

/** The report of `run` from the events captured while it was armed; `isArmed` while it still is. */
export function gradeRun(run: ConformanceRun, events: WebhookEvent[], isArmed: boolean): ConformanceReport {
  const view = viewRun(run, events, isArmed);
  const checks: ConformanceCheck[] = CHECKS.map((check) => {
    const finding = check(view);
    return { ...finding, title: CHECK_TITLES[finding.id] };
  });
  const count = (outcome: ConformanceCheck['outcome']) =>
    checks.filter((check) => check.outcome === outcome).length;
  return {
    run,
    status: isArmed ? 'armed' : 'finished',
    checks,
    summary: {
      pass: count('pass'),
      warn: count('warn'),
      fail: count('fail'),
      messages: view.messages.length,
      deliveries: view.deliveries.length,
      completed: view.messages.filter((message) => !message.deliveries.at(-1)?.failed).length,
      verdict: count('fail') > 0 ? 'fail' : 'pass',
    },
  };
}
