/**
 * The conformance report ("Test my sender"): a run armed for a path of a webhook URL answers the
 * first deliveries of each message with a chosen failure, then grades what the sender did. The
 * shapes here are what the API answers and what the browser, the CLI and MCP read.
 */
import { z } from 'zod';
import { pathGlobSchema } from './path-glob.js';

export const FAIL_FIRST_MAX = 5;
export const FAIL_FIRST_DEFAULT = 2;
export const RUN_MINUTES_MAX = 30;
export const RUN_MINUTES_DEFAULT = 10;
export const RUN_FAULTS = ['timeout', 'reset'] as const;
export type RunFault = (typeof RUN_FAULTS)[number];
/** Runs one session may have armed at once. */
export const ARMED_RUNS_MAX = 5;

/** Default tolerance between `webhook-timestamp` and the arrival (Standard Webhooks uses 5 minutes). */
export const TIMESTAMP_TOLERANCE_S = 5 * 60;
/** Largest body that passes the size check. */
export const SIZE_LIMIT_BYTES = 256 * 1024;
/** Each wait between retries must be at least this many times the one before to count as backoff. */
export const BACKOFF_GROWTH = 1.2;

export type FailWith = { status: number } | { fault: RunFault };

const FAIL_WITH_MESSAGE = 'failWith must be {"status": 400-599} or {"fault": "timeout" | "reset"}.';

export const failWithSchema = z.union(
  [
    z.strictObject({ status: z.number().int().min(400).max(599) }),
    z.strictObject({ fault: z.enum(RUN_FAULTS) }),
  ],
  { error: FAIL_WITH_MESSAGE },
);

export const armRunSchema = z.strictObject({
  path: pathGlobSchema.describe(
    'Glob over the sub-path below the webhook URL; `*` matches any run of characters.',
  ),
  failFirst: z
    .number({ error: `failFirst must be a whole number from 0 to ${FAIL_FIRST_MAX}.` })
    .int(`failFirst must be a whole number from 0 to ${FAIL_FIRST_MAX}.`)
    .min(0, `failFirst must be a whole number from 0 to ${FAIL_FIRST_MAX}.`)
    .max(FAIL_FIRST_MAX, `failFirst must be a whole number from 0 to ${FAIL_FIRST_MAX}.`)
    .default(FAIL_FIRST_DEFAULT)
    .describe('Deliveries of each message answered with the failure before a 200.'),
  failWith: failWithSchema.default({ status: 500 }).describe('The failure: a status, or a fault.'),
  minutes: z
    .number({ error: `minutes must be a whole number from 1 to ${RUN_MINUTES_MAX}.` })
    .int(`minutes must be a whole number from 1 to ${RUN_MINUTES_MAX}.`)
    .min(1, `minutes must be a whole number from 1 to ${RUN_MINUTES_MAX}.`)
    .max(RUN_MINUTES_MAX, `minutes must be a whole number from 1 to ${RUN_MINUTES_MAX}.`)
    .default(RUN_MINUTES_DEFAULT)
    .describe('How long the run stays armed.'),
});
export type ArmRunInput = z.input<typeof armRunSchema>;
export type ArmRun = z.output<typeof armRunSchema>;

export const runSchema = z.object({
  id: z.number().int(),
  path: z.string(),
  failFirst: z.number().int(),
  failWith: failWithSchema,
  minutes: z.number().int(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** When the run stops answering with failures: its end, or when it was disarmed (ISO 8601). */
  endsAt: z.string(),
});
export type ConformanceRun = z.infer<typeof runSchema>;

export const CHECK_OUTCOMES = ['pass', 'warn', 'fail'] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

export const CHECK_IDS = [
  'signature',
  'timestamp-fresh',
  'timestamp-signed',
  'delivery-id',
  'retries',
  'backoff',
  'after-timeout',
  'content-type',
  'size',
] as const;
export type CheckId = (typeof CHECK_IDS)[number];

export const CHECK_TITLES: Record<CheckId, string> = {
  signature: 'Signature valid',
  'timestamp-fresh': 'Timestamp within tolerance',
  'timestamp-signed': 'Timestamp signed',
  'delivery-id': 'Same delivery id on every retry',
  retries: 'Retries after a failure',
  backoff: 'Spacing of retries',
  'after-timeout': 'Behaviour after a timeout',
  'content-type': 'JSON declared and parseable',
  size: 'Body size',
};

export const checkSchema = z.object({
  id: z.enum(CHECK_IDS),
  title: z.string(),
  outcome: z.enum(CHECK_OUTCOMES),
  explanation: z.string(),
  /** Ids of the events that show it. */
  evidence: z.array(z.number().int()),
});
export type ConformanceCheck = z.infer<typeof checkSchema>;

export const RUN_STATUSES = ['armed', 'finished'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const reportSchema = z.object({
  run: runSchema,
  status: z.enum(RUN_STATUSES),
  checks: z.array(checkSchema),
  summary: z.object({
    pass: z.number().int(),
    warn: z.number().int(),
    fail: z.number().int(),
    /** Distinct messages (grouped by delivery id) and deliveries seen. */
    messages: z.number().int(),
    deliveries: z.number().int(),
    /** Messages whose last delivery was not failed on purpose: the sender got through. */
    completed: z.number().int(),
    /** `pass` when nothing failed, else `fail`. */
    verdict: z.enum(['pass', 'fail']),
  }),
});
export type ConformanceReport = z.infer<typeof reportSchema>;

/** "500", "timeout", "reset": the failure in one word, as the CLI takes it. */
export function describeFailWith(failWith: FailWith): string {
  return 'status' in failWith ? String(failWith.status) : failWith.fault;
}
