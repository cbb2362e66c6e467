/**
 * Inspectors beyond their UUID: a name that gives a second webhook URL (`/webhook/{name}`), with
 * the rules the browser checks before sending and the server on receipt.
 */
import { z } from 'zod';
import { responseRulesSchema } from './responses.js';

export const INSPECTOR_NAME_MIN_LENGTH = 3;
export const INSPECTOR_NAME_MAX_LENGTH = 48;

/** Names that would read as Hookbay's own addresses or as nothing at all; refused. */
export const RESERVED_INSPECTOR_NAMES = [
  'admin',
  'api',
  'app',
  'assets',
  'dashboard',
  'docs',
  'health',
  'help',
  'hookbay',
  'inspector',
  'inspectors',
  'login',
  'logout',
  'metrics',
  'new',
  'null',
  'root',
  'settings',
  'static',
  'status',
  'support',
  'system',
  'undefined',
  'webhook',
  'webhooks',
  'www',
] as const;

const RESERVED = new Set<string>(RESERVED_INSPECTOR_NAMES);
const NAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
/** Any UUID shape, whatever its version: a name must never be mistaken for a session id. */
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Why `name` cannot name an inspector, or null when it can. */
export function inspectorNameProblem(name: string): string | null {
  if (name.length < INSPECTOR_NAME_MIN_LENGTH || name.length > INSPECTOR_NAME_MAX_LENGTH)
    return `A name is ${INSPECTOR_NAME_MIN_LENGTH} to ${INSPECTOR_NAME_MAX_LENGTH} characters long.`;
  if (!NAME_PATTERN.test(name))
    return 'A name holds only lower-case letters, digits and dashes, and starts and ends with a letter or digit.';
  if (UUID_SHAPE.test(name)) return 'A name cannot be shaped like a session id (a UUID).';
  if (RESERVED.has(name)) return `"${name}" is reserved; choose another name.`;
  return null;
}

/** True when `value` may name an inspector. */
export function isInspectorName(value: unknown): value is string {
  return typeof value === 'string' && inspectorNameProblem(value) === null;
}

export const inspectorNameSchema = z
  .string({ error: 'name must be a string or null.' })
  .superRefine((name, ctx) => {
    const problem = inspectorNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const inspectorNameBodySchema = z.object(
  { name: inspectorNameSchema.nullable() },
  { error: 'Send a JSON body like {"name": "my-inspector"} or {"name": null}.' },
);

/** An inspector's name as the API answers it. */
export interface InspectorName {
  name: string | null;
}

/** The longest lifetime an inspector may be given ahead. */
export const MAX_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;
/** The most requests a cap may name (the instance's own limits apply anyway). */
export const MAX_REQUESTS_CAP = 100_000;

const DURATION_UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds of a duration like "90s", "30m", "2h" or "7d"; null when it is not one. */
export function parseDuration(text: string): number | null {
  const match = /^(\d{1,6})([smhd])$/.exec(text.trim());
  if (!match?.[1] || !match[2]) return null;
  const ms = Number(match[1]) * (DURATION_UNITS[match[2]] ?? 0);
  return ms > 0 ? ms : null;
}

const durationSchema = z.string().refine((text) => {
  const ms = parseDuration(text);
  return ms !== null && ms <= MAX_LIFETIME_MS;
}, 'a duration like "30m", "2h" or "7d", at most 365 days.');

/** An inspector's lifetime, cap and CORS switch, as set; each left out stays as it is. */
export const inspectorSettingsBodySchema = z.object(
  {
    expiresAt: z.iso
      .datetime({ offset: true, error: 'an ISO 8601 time, or null for never.' })
      .nullable()
      .optional(),
    expiresIn: durationSchema.optional(),
    maxRequests: z
      .number()
      .int('a whole number.')
      .min(0, 'at least 0.')
      .max(MAX_REQUESTS_CAP, `at most ${MAX_REQUESTS_CAP}.`)
      .nullable()
      .optional(),
    cors: z.boolean({ error: 'true or false.' }).optional(),
  },
  { error: 'Send a JSON body like {"expiresIn": "2h", "maxRequests": 100, "cors": true}.' },
);
export type InspectorSettingsChange = z.infer<typeof inspectorSettingsBodySchema>;

/** An inspector's lifetime, cap and CORS switch, as the API answers them. */
export interface InspectorSettings {
  /** ISO 8601; null: it never expires. */
  expiresAt: string | null;
  /** Requests kept at most (0: none); null: only the instance's limits. */
  maxRequests: number | null;
  /** Whether captures answer with open CORS headers. */
  cors: boolean;
}

/** `POST /api/inspectors`: a ready inspector in one call. */
export const inspectorSetupSchema = z.object(
  {
    name: inspectorNameSchema.optional(),
    responses: responseRulesSchema.shape.rules.optional(),
    private: z.boolean({ error: 'true or false.' }).optional(),
    ...inspectorSettingsBodySchema.shape,
  },
  { error: 'Send a JSON body like {"name": "ci-run-42", "expiresIn": "2h"} (every field is optional).' },
);
export type InspectorSetup = z.infer<typeof inspectorSetupSchema>;

/** What `POST /api/inspectors` answers. */
export interface NewInspector extends InspectorSettings {
  sessionId: string;
  name: string | null;
  /** By name when it has one, else by session id. */
  webhookUrl: string;
  private: boolean;
  /** Only for a private inspector: the key that opens it, shown this once. */
  key?: string;
}
