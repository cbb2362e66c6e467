/**
 * Pieces the routes' own schemas share: the error answer, the answers most routes can give, and
 * answers that are not JSON. A route lists its answers in `schema.response`, by status.
 */
import { z } from 'zod';

/** Sections of the API reference, in the order it shows them. */
export const API_TAGS = [
  'Webhook Inspector',
  'Short links',
  'Sessions',
  'Suggestions',
  'Admin',
  'Service',
] as const;

export type ApiTag = (typeof API_TAGS)[number];

export const errorSchema = z.object({
  error: z.string().describe('What went wrong, in words a person can read.'),
});

export const okSchema = z.object({ ok: z.literal(true) });

/** A JSON error answer, described. */
export const error = (description: string) => errorSchema.describe(description);

/** A JSON answer whose shape the reference does not spell out. */
export const json = (description: string) => z.unknown().describe(description);

/** An answer without a body (a redirect, say). */
export const noBody = (description: string) => z.null().describe(description);

/** An answer that is not JSON: an HTML page, a file, a stream. */
export const media = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: z.unknown() } },
});

export const unauthorised = {
  401: error('No session, an unknown one, a private one without a key, or an unknown or revoked key.'),
};
export const invalid = { 400: error('Invalid input; the message names the field.') };
export const notFound = { 404: error('No such item for this session.') };
export const adminOnly = { ...unauthorised, 403: error('The session is not an admin.') };
