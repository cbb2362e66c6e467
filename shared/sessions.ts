import { z } from 'zod';

/** The anonymous user behind a session. `id` is the public user id used for the realtime room. */
export interface SessionUser {
  id: string;
  sessionId: string;
}

/** Sessions live 300 days in the browser. */
export const SESSION_DURATION_MS = 300 * 24 * 60 * 60 * 1000;

export const SESSION_HEADER = 'X-Session-ID';
export const SESSION_COOKIE = 'hookbay_session';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** True for a well-formed session id (a UUID). */
export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

export const sessionRequestSchema = z.object({
  sessionId: z.string().refine(isSessionId, 'sessionId must be a UUID').optional(),
  referrer: z.string().max(2048).optional(),
});
export type SessionRequest = z.infer<typeof sessionRequestSchema>;

/** First characters of a session id, as shown in the navbar. */
export function shortUserId(sessionId: string): string {
  return sessionId.slice(0, 8);
}
