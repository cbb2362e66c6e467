/**
 * A short link's history as the API carries it: each change with its time, who made it and the
 * fields it changed. Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';

export const LINK_CHANGE_KINDS = ['created', 'updated', 'disabled', 'enabled'] as const;
export type LinkChangeKind = (typeof LINK_CHANGE_KINDS)[number];

/** `owner`: the link's own session; `admin`: an administrator of this server. */
export const LINK_CHANGE_ACTORS = ['owner', 'admin'] as const;
export type LinkChangeActor = (typeof LINK_CHANGE_ACTORS)[number];

/**
 * One field's change. Values are as the link carries them (times as ISO 8601); a secret such as
 * the password is never shown: null when there is none, "set" when there is one, and "changed"
 * as the new value when one password replaced another.
 */
export interface FieldChange {
  from: unknown;
  to: unknown;
}

/** The fields one change touched, by name (`url`, `alias`, `expiresAt`, `maxClicks`, `password`, …). */
export type LinkChanges = Record<string, FieldChange>;

export interface LinkHistoryEntry {
  /** ISO 8601. */
  at: string;
  by: LinkChangeActor;
  kind: LinkChangeKind;
  changes: LinkChanges;
}

/** Entries kept per link; older ones are dropped as new ones arrive. */
export const LINK_HISTORY_KEPT = 200;
/** Entries answered when the request names no limit. */
export const LINK_HISTORY_DEFAULT_LIMIT = 100;

const LIMIT_MESSAGE = `must be a whole number from 1 to ${LINK_HISTORY_KEPT}.`;

/** `GET /api/urls/{id}/history?limit=N`: the newest N entries, 1 to LINK_HISTORY_KEPT. */
export const linkHistoryQuerySchema = z.object({
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(LINK_HISTORY_KEPT, { error: LIMIT_MESSAGE })
    .optional(),
});

/** The API path of a link's history. */
export function linkHistoryPath(id: string): string {
  return `/api/urls/${encodeURIComponent(id)}/history`;
}
