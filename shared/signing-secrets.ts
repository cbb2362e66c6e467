/**
 * Signing secrets: a session's secrets that check each captured request's signature on arrival.
 * The secret's value is answered once, when it is added; afterwards only its last 4 characters.
 */
import { z } from 'zod';
import { isValidPathGlob, MAX_RULE_PATH_LENGTH } from './path-glob.js';
import {
  HASHES,
  SCHEMES,
  SIGNATURE_ENCODINGS,
  standardWebhooksKey,
  type CustomHmac,
  type Scheme,
} from './signatures/schemes.js';

export const MAX_SIGNING_SECRETS = 20;
export const SECRET_MAX_LENGTH = 512;
export const SECRET_NAME_MAX_LENGTH = 100;
/** Stripe, Slack and Standard Webhooks refuse a signature older or newer than five minutes. */
export const DEFAULT_TOLERANCE_SECONDS = 300;
export const MAX_TOLERANCE_SECONDS = 7 * 24 * 3600;
export const HINT_LENGTH = 4;

export interface SigningSecret {
  id: string;
  name: string;
  scheme: Scheme;
  /** With scheme "custom": where the signature is and how it is written; null otherwise. */
  custom: CustomHmac | null;
  /** Path glob below the webhook URL, as scripted responses use: `*` for every path. */
  path: string;
  /** For timestamped schemes (Stripe, Slack, Standard Webhooks). */
  toleranceSeconds: number;
  /** Answer 401 to a request whose signature is invalid (it is still stored). */
  refuseInvalid: boolean;
  /** The secret's last 4 characters. */
  hint: string;
  /** ISO 8601. */
  createdAt: string;
}

/** The answer to adding a secret: the only time its value is answered. */
export type NewSigningSecret = SigningSecret & { secret: string };

const customSchema = z.object({
  header: z.string().trim().min(1, 'name the header that holds the signature').max(200),
  hash: z.enum(HASHES).default('SHA-256'),
  encoding: z.enum(SIGNATURE_ENCODINGS).default('hex'),
  prefix: z.string().max(100).default(''),
});

const settingsFields = {
  name: z.string().trim().min(1, 'must not be empty').max(SECRET_NAME_MAX_LENGTH),
  scheme: z.enum(SCHEMES),
  custom: customSchema.nullish(),
  path: z
    .string()
    .max(MAX_RULE_PATH_LENGTH)
    .refine(isValidPathGlob, 'must be * or start with /, without spaces, ? or #')
    .default('*'),
  toleranceSeconds: z.number().int().min(1).max(MAX_TOLERANCE_SECONDS).default(DEFAULT_TOLERANCE_SECONDS),
  refuseInvalid: z.boolean().default(false),
};

const secretField = z.string().min(1, 'must not be empty').max(SECRET_MAX_LENGTH);

type Checked = { scheme: Scheme; custom?: unknown; secret?: string };

function checkScheme(value: Checked, context: z.core.$RefinementCtx<Checked>): void {
  if (value.scheme === 'custom' && !value.custom) {
    context.addIssue({ code: 'custom', path: ['custom'], message: 'is required with scheme "custom"' });
  }
  if (
    value.scheme === 'standard-webhooks' &&
    value.secret !== undefined &&
    !standardWebhooksKey(value.secret)
  ) {
    context.addIssue({ code: 'custom', path: ['secret'], message: 'must be whsec_ followed by base64' });
  }
}

export const signingSecretCreateSchema = z
  .object({ ...settingsFields, secret: secretField })
  .superRefine(checkScheme);
/** An edit: the same settings; the secret only when it is replaced. */
export const signingSecretUpdateSchema = z
  .object({ ...settingsFields, secret: secretField.optional() })
  .superRefine(checkScheme);

export type SigningSecretInput = z.output<typeof signingSecretCreateSchema>;
export type SigningSecretUpdate = z.output<typeof signingSecretUpdateSchema>;

export const signingSecretSchema = z.object({
  id: z.string(),
  name: z.string(),
  scheme: z.enum(SCHEMES),
  custom: customSchema.nullable(),
  path: z.string(),
  toleranceSeconds: z.number().int(),
  refuseInvalid: z.boolean(),
  hint: z.string().describe('The last 4 characters of the secret.'),
  createdAt: z.string(),
});

export const newSigningSecretSchema = signingSecretSchema.extend({
  secret: z.string().describe('The secret itself: answered here once and never again.'),
});

/** The last characters of a secret, shown in lists instead of it. */
export function secretHint(secret: string): string {
  return secret.slice(-HINT_LENGTH);
}
