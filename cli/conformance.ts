/**
 * `hookbay conformance`: arms a sender test, prints where to point the sender, follows the run by
 * asking for its report every POLL_MS, and prints the final report one line per check. Exits 0
 * when no check failed (warnings allowed), 1 when one did, 3 when Hookbay cannot be reached or
 * refuses the session (2, usage errors, is decided before anything is sent).
 */
import type { ConformanceReport, ConformanceRun } from '../shared/conformance.js';
import type { ConformanceCommand } from './event-args.js';
import { api, callerOf, EXIT_UNREACHABLE, keyMismatch, reportApiFailure, type Caller } from './api.js';

export const POLL_MS = 1000;
const EXIT_PASSED = 0;
const EXIT_FAILED = 1;

const OUTCOME_LABELS = { pass: 'PASS', warn: 'WARN', fail: 'FAIL' } as const;

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function writeLine(text: string): Promise<void> {
  return new Promise((resolve) => process.stdout.write(`${text}\n`, () => resolve()));
}

/** The report, one line per check, then the summary. */
export function formatReport(report: ConformanceReport): string {
  const lines = report.checks.map((check) => {
    const evidence = check.evidence.length > 0 ? ` [events ${check.evidence.join(', ')}]` : '';
    return `${OUTCOME_LABELS[check.outcome]}  ${check.title}: ${check.explanation}${evidence}`;
  });
  const { summary } = report;
  lines.push(
    `${summary.pass} passed, ${summary.warn} warnings, ${summary.fail} failed ` +
      `(${summary.messages} messages, ${summary.deliveries} deliveries).`,
  );
  return lines.join('\n');
}

/** Where the sender should send: the webhook URL plus the path when the glob is one literal path. */
function senderUrl(command: ConformanceCommand): string {
  const base = command.webhookUrl.toString().replace(/\/+$/, '');
  if (command.path === '*' || command.path.includes('*')) return base;
  return `${base}${command.path}`;
}

function failureWords(run: ConformanceRun): string {
  return 'status' in run.failWith ? `status ${run.failWith.status}` : `a ${run.failWith.fault}`;
}

/** Follows the run until it ends, or until enough messages got through (then disarms it). */
async function follow(caller: Caller, command: ConformanceCommand, run: ConformanceRun) {
  const path = `/api/conformance/runs/${run.id}`;
  for (;;) {
    const report = await api<ConformanceReport>(caller, path);
    if (report.status === 'finished') return report;
    const enough = command.untilMessages !== undefined && report.summary.completed >= command.untilMessages;
    if (enough) return api<ConformanceReport>(caller, path, { method: 'DELETE' });
    await pause(Math.min(POLL_MS, Math.max(0, Date.parse(run.endsAt) - Date.now() + 50)));
  }
}

export async function conformance(command: ConformanceCommand): Promise<number> {
  const caller = callerOf(command.webhookUrl, command.key);
  try {
    const mismatch = await keyMismatch(caller);
    if (mismatch) {
      process.stderr.write(`${mismatch}\n`);
      return EXIT_UNREACHABLE;
    }
    const run = await api<ConformanceRun>(caller, '/api/conformance/runs', {
      method: 'POST',
      body: {
        path: command.path,
        failFirst: command.failFirst,
        failWith: command.failWith,
        minutes: command.minutes,
      },
    });
    await writeLine(
      `Sender test ${run.id} armed until ${run.endsAt}: the first ${run.failFirst} deliveries of each message ` +
        `to ${run.path} get ${failureWords(run)}.`,
    );
    await writeLine(`Point your sender at: ${senderUrl(command)}`);
    await writeLine(`Report in the browser: ${caller.apiBase}/conformance/${run.id}`);
    const report = await follow(caller, command, run);
    await writeLine(formatReport(report));
    return report.summary.fail > 0 ? EXIT_FAILED : EXIT_PASSED;
  } catch (error) {
    return reportApiFailure(caller, error, 'the sender test');
  }
}
