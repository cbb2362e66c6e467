/**
 * Inspectors beyond their UUID: a name that gives a second webhook URL (`/webhook/{name}`), with
 * the rules the browser checks before sending and the server on receipt.
 */
import { z } from 'zod';

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
