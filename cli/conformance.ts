/**
 * `hookbay conformance`: arms a sender test, prints where to point the sender, follows the run by
 * asking for its report every POLL_MS, and prints the final report one line per check. Exits 0
 * when no check failed (warnings allowed), 1 when one did, 3 when Hookbay cannot be reached or
 * refuses the session (2, usage errors, is decided before anything is sent).
 */
import type { ConformanceReport, ConformanceRun } from '../shared/conformance.js';
import { apiBaseOf, sessionIdOf, type ConformanceCommand } from './args.js';
import { api, ApiError, errorText, keyMismatch, refusalLine, type Caller } from './api.js';

export const POLL_MS = 1000;
const EXIT_PASSED = 0;
const EXIT_FAILED = 1;
const EXIT_USAGE = 2;
const EXIT_UNREACHABLE = 3;

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

function reportFailure(caller: Caller, error: unknown): number {
  if (!(error instanceof ApiError)) {
    process.stderr.write(`Could not reach Hookbay at ${caller.apiBase}: ${errorText(error)}\n`);
    return EXIT_UNREACHABLE;
  }
  if (error.status === 400) {
    process.stderr.write(`hookbay: Hookbay refused the sender test: ${error.reason}\n`);
    return EXIT_USAGE;
  }
  if (error.status === 401 || error.status === 403 || error.status === 404) {
    const unknown = `Unknown session ${caller.sessionId} at ${caller.apiBase}: check the webhook URL.`;
    process.stderr.write(`${refusalLine(caller, error.reason, unknown)}\n`);
    return EXIT_UNREACHABLE;
  }
  process.stderr.write(`Hookbay at ${caller.apiBase} answered ${error.status}: ${error.reason}\n`);
  return EXIT_UNREACHABLE;
}

export async function conformance(command: ConformanceCommand): Promise<number> {
  const caller: Caller = {
    apiBase: apiBaseOf(command.webhookUrl),
    sessionId: sessionIdOf(command.webhookUrl),
    key: command.key,
  };
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
    return reportFailure(caller, error);
  }
}
