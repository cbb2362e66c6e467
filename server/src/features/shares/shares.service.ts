import {
  MAX_SHARES_PER_SESSION,
  SHARE_TOKEN_PREFIX,
  isShareTokenShaped,
  redactedHeaderNames,
  type NewShare,
  type ShareEnded,
  type ShareLink,
  type SharedView,
} from '../../../../shared/shares.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { HttpError, NotFoundError } from '../../http/errors.js';
import { generateKey, hashKey } from '../access/key-secret.js';
import type { SearchFilter } from '../webhooks/event-search.js';
import { toWebhookEvent } from '../webhooks/event-view.js';
import type { EventsPage, WebhooksRepo } from '../webhooks/webhooks.repo.js';
import type { EventRow } from '../webhooks/event-view.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import { redactRow, stillMatches } from './redact.js';
import type { ShareRow, SharesRepo } from './shares.repo.js';

/** A link's use is written at most this often, so a busy page does not write on every call. */
export const LAST_USED_PRECISION_MS = 60_000;
const HOUR_MS = 3_600_000;

export const TOO_MANY_SHARES_MESSAGE = `This inspector already has ${MAX_SHARES_PER_SESSION} working share links, the most it can hold. Revoke one first.`;
export const SHARE_NOT_FOUND_MESSAGE = 'This inspector has no such share link.';
export const UNKNOWN_SHARE_MESSAGE = 'No share link has this address.';
export const SHARED_EVENT_NOT_FOUND_MESSAGE = 'This request does not exist, was deleted, or is not shared.';
export const ENDED_MESSAGES: Record<ShareEnded, string> = {
  revoked: 'This share link was revoked by the inspector’s owner.',
  expired: 'This share link has expired.',
};

class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

/** 410 for a link that worked once: `reason` says whether it was revoked or expired. */
export class ShareEndedError extends HttpError {
  override readonly extra: { reason: ShareEnded };

  constructor(readonly reason: ShareEnded) {
    super(410, ENDED_MESSAGES[reason]);
    this.extra = { reason };
  }
}

/** A working link, opened by its token. */
export interface OpenShare {
  row: ShareRow;
  user: SessionUser;
  hidden: ReadonlySet<string>;
}

export interface SharesService {
  /** Makes a link; NotFoundError for a request the session does not show, ConflictError (409) when full. */
  create(user: SessionUser, input: NewShare): Promise<ShareLink & { token: string }>;
  list(user: SessionUser): Promise<ShareLink[]>;
  /** Revokes at once (every instance reads the row on each use); NotFoundError when the session has no such link. */
  revoke(user: SessionUser, id: string): Promise<void>;
  /** The link a token opens; NotFoundError when unknown, ShareEndedError (410) when revoked or expired. */
  open(token: string): Promise<OpenShare>;
  view(share: OpenShare): SharedView;
  /** A page of the shared requests, redacted; a request link's page holds that request at most. */
  events(share: OpenShare, page: EventsPage): Promise<WebhookEvent[]>;
  /** One shared request, redacted; NotFoundError when it is not visible or not shared. */
  event(share: OpenShare, id: number): Promise<WebhookEvent>;
  /** Every shared request matching the filter, redacted, newest first (the export). */
  rows(share: OpenShare, filter: SearchFilter): AsyncIterable<EventRow>;
}

const iso = (ms: number) => new Date(ms).toISOString();

function toShareLink(row: ShareRow): ShareLink {
  return {
    id: row.id,
    kind: row.event_id === null ? 'inspector' : 'request',
    eventId: row.event_id,
    redactHeaders: JSON.parse(row.redact_headers) as string[],
    showSecrets: row.show_secrets === 1,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
    revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
  };
}

export function createSharesService(deps: {
  repo: SharesRepo;
  webhooksRepo: WebhooksRepo;
  webhooks: Pick<WebhooksService, 'matchingRows'>;
  now?: () => number;
}): SharesService {
  const { repo, webhooksRepo } = deps;
  const now = deps.now ?? Date.now;

  const shown = (share: OpenShare, row: EventRow) => redactRow(row, share.hidden);

  async function sharedRow(share: OpenShare, id: number): Promise<EventRow | null> {
    if (share.row.event_id !== null && share.row.event_id !== id) return null;
    return webhooksRepo.findVisible(share.user.sessionId, id);
  }

  return {
    async create(user, input) {
      if (input.eventId !== undefined && !(await webhooksRepo.findVisible(user.sessionId, input.eventId)))
        throw new NotFoundError('This inspector shows no request with this id.');
      const { id, key: token } = generateKey(SHARE_TOKEN_PREFIX);
      const createdAt = now();
      const row: ShareRow = {
        id,
        session_id: user.sessionId,
        token_hash: hashKey(token),
        event_id: input.eventId ?? null,
        redact_headers: JSON.stringify([...new Set(input.redactHeaders)]),
        show_secrets: input.showSecrets ? 1 : 0,
        created_at: createdAt,
        expires_at: createdAt + input.expiresInHours * HOUR_MS,
        last_used_at: null,
        revoked_at: null,
      };
      if ((await repo.insert(row, MAX_SHARES_PER_SESSION, createdAt)) === 'full')
        throw new ConflictError(TOO_MANY_SHARES_MESSAGE);
      return { ...toShareLink(row), token };
    },
    async list(user) {
      return (await repo.list(user.sessionId)).map(toShareLink);
    },
    async revoke(user, id) {
      if (!(await repo.revoke(user.sessionId, id, now()))) throw new NotFoundError(SHARE_NOT_FOUND_MESSAGE);
    },
    async open(token) {
      // Not shaped like a token: no link could match, no need to ask the database.
      const found = isShareTokenShaped(token) ? await repo.findByHash(hashKey(token)) : null;
      if (!found) throw new NotFoundError(UNKNOWN_SHARE_MESSAGE);
      const { row, user } = found;
      const time = now();
      if (row.revoked_at !== null) throw new ShareEndedError('revoked');
      if (row.expires_at <= time) throw new ShareEndedError('expired');
      if (row.last_used_at === null || row.last_used_at <= time - LAST_USED_PRECISION_MS)
        await repo.touch(row.id, time, time - LAST_USED_PRECISION_MS);
      return { row, user, hidden: new Set(redactedHeaderNames(toShareLink(row))) };
    },
    view(share) {
      return {
        kind: share.row.event_id === null ? 'inspector' : 'request',
        eventId: share.row.event_id,
        expiresAt: iso(share.row.expires_at),
        redactedHeaders: [...share.hidden],
      };
    },
    async events(share, page) {
      if (share.row.event_id !== null) {
        const row = await sharedRow(share, share.row.event_id);
        // A request link's list is that request; paging past it finds nothing more.
        return row && page.before === undefined && page.after === undefined
          ? [toWebhookEvent(shown(share, row))]
          : [];
      }
      const rows = await webhooksRepo.listVisible(share.user.sessionId, page);
      return rows
        .map((row) => shown(share, row))
        .filter((row) => stillMatches(row, page.filter?.text))
        .map((row) => toWebhookEvent(row));
    },
    async event(share, id) {
      const row = await sharedRow(share, id);
      if (!row) throw new NotFoundError(SHARED_EVENT_NOT_FOUND_MESSAGE);
      return toWebhookEvent(shown(share, row));
    },
    async *rows(share, filter) {
      if (share.row.event_id !== null) {
        const row = await sharedRow(share, share.row.event_id);
        if (row) yield shown(share, row);
        return;
      }
      for await (const row of deps.webhooks.matchingRows(share.user, filter)) {
        const redacted = shown(share, row);
        if (stillMatches(redacted, filter.text)) yield redacted;
      }
    },
  };
}
