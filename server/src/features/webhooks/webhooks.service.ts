import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { WEBHOOK_FORWARDED, WEBHOOK_REQUEST, WEBHOOKS_CLEARED } from '../../../../shared/realtime.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { EventsCount } from '../../../../shared/event-search.js';
import type { ForwardResult, WebhookEvent } from '../../../../shared/webhooks.js';
import { createBatcher, type WriteObserver } from '../../db/batcher.js';
import { HttpError, NotFoundError } from '../../http/errors.js';
import type { SessionLookup } from '../../http/identity.js';
import type { Publisher } from '../../realtime/publisher.js';
import { parseRawHeaders, toWebhookEvent } from './event-view.js';
import type { SearchFilter } from './event-search.js';
import { createBudgetKeeper, type BudgetPass } from './instance-budget.js';
import type { Freed } from './retention.js';
import { toEventRow, type CapturedRequest, type NewEventRow } from './event-insert.js';
import { type EventsPage, type WebhooksRepo } from './webhooks.repo.js';
import { type EventRow } from './event-view.js';

export interface WebhooksService {
  /** The user whose webhook URL carries this session id, or null when there is none. */
  ownerOf(sessionId: string): Promise<SessionUser | null>;
  /**
   * Stores a request captured for `owner` (found with ownerOf) and pushes it to them. `payload`: the
   * body as JSON when the judges parsed it already, so that it is not parsed again for the event.
   */
  capture(owner: SessionUser, request: CapturedRequest, payload?: unknown): Promise<WebhookEvent>;
  /** The user's visible events matching `page.filter`, newest first. */
  list(user: SessionUser, page: EventsPage): Promise<WebhookEvent[]>;
  count(user: SessionUser, filter: SearchFilter): Promise<EventsCount>;
  /** Every visible event matching the filter, newest first, read from the store a page at a time. */
  matchingRows(user: SessionUser, filter: SearchFilter): AsyncIterable<EventRow>;
  /** Hides the event; NotFoundError when the user has no such event. */
  hide(user: SessionUser, id: number): Promise<void>;
  /** Shows a hidden event again and returns it; NotFoundError when the user has no such deleted event. */
  restore(user: SessionUser, id: number): Promise<WebhookEvent>;
  /**
   * Hides every visible event of the user ("Clear all") and tells their browsers, on every
   * instance, up to which id the list is now empty. Answers how many were hidden.
   */
  clear(user: SessionUser): Promise<{ deleted: number; upTo: number }>;
  /** Records a forwarder's report on the event and tells the owner's browsers; NotFoundError when there is no such visible event. */
  recordForwarded(user: SessionUser, id: number, result: ForwardResult): Promise<void>;
  /** The stored body bytes, with the content encoding undone when `decoded` is set. */
  body(user: SessionUser, id: number, decoded: boolean): Promise<Buffer>;
  /** The event as stored (raw headers, whole body); NotFoundError when the user has no such event. */
  stored(user: SessionUser, id: number): Promise<EventRow>;
  /**
   * Keeps every session captured into (on this instance) since the last run within its limits:
   * the newest `eventsPerSession` events and `sessionStorageBytes` bytes, and always its newest
   * event. Other sessions cannot have grown, except past limits lowered since they were captured
   * into: the first run also finds those. A session whose pruning fails is tried again next run.
   */
  pruneTouchedSessions(): Promise<Freed>;
  /** Deletes the events of every session that are older than `eventMaxAgeMs` (when there is an age limit); returns how many. */
  pruneExpired(): Promise<number>;
  /**
   * Both of the above, then the instance's budget (`storageMaxBytes`, every session together),
   * then hands space back (`afterRemovals`) when anything was removed. One run at a time: a call
   * made during a run waits for it and then starts one more run, shared by every call made meanwhile.
   */
  prune(): Promise<void>;
  /** Waits until every accepted capture is written. */
  flush(): Promise<void>;
}

const DECODED_MAX_BYTES = 10 * 1024 * 1024;
/** Rows hold whole bodies (up to the capture limit each), so an export reads few at a time. */
const EXPORT_PAGE_SIZE = 25;
const decoders: Record<string, (input: Buffer, options: zlib.ZlibOptions) => Promise<Buffer>> = {
  gzip: promisify(zlib.gunzip),
  'x-gzip': promisify(zlib.gunzip),
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress),
};

const inflateRaw = promisify(zlib.inflateRaw);

function undecodable(error: unknown, encoding: string): HttpError {
  return error instanceof RangeError
    ? new HttpError(422, 'The decoded body is larger than 10 MiB.')
    : new HttpError(422, `The body could not be decoded as ${encoding}.`);
}

async function decodeBody(body: Buffer, encoding: string): Promise<Buffer> {
  if (encoding === 'identity') return body;
  const decode = decoders[encoding];
  if (!decode)
    throw new HttpError(422, `The body's content encoding "${encoding}" is not one Hookbay can decode.`);
  try {
    return await decode(body, { maxOutputLength: DECODED_MAX_BYTES });
  } catch (error) {
    // Some senders label raw deflate data as "deflate".
    if (encoding !== 'deflate' || error instanceof RangeError) throw undecodable(error, encoding);
    try {
      return await inflateRaw(body, { maxOutputLength: DECODED_MAX_BYTES });
    } catch (rawError) {
      throw undecodable(rawError, encoding);
    }
  }
}

function contentEncodingOf(rawHeaders: [string, string][]): string | null {
  const header = rawHeaders.find(([name]) => name.toLowerCase() === 'content-encoding');
  return header ? header[1].trim().toLowerCase() : null;
}

/** What one prune run removed, by the limit that removed it. */
export interface PruneReport {
  sessionLimits: Freed;
  age: { requests: number };
  budget: BudgetPass | null;
}

export function createWebhooksService(deps: {
  repo: WebhooksRepo;
  sessions: SessionLookup;
  publisher: Publisher;
  eventsPerSession: number;
  /** Bytes of events (bodies and headers) one session keeps. */
  sessionStorageBytes: number;
  /** Events older than this are deleted; null: no age limit. */
  eventMaxAgeMs: number | null;
  /** Bytes of events every session together keeps (STORAGE_MAX_MB). */
  storageMaxBytes: number;
  /** Told of each prune run that removed anything (logs, metrics). */
  onRemoved?: (report: PruneReport) => void;
  /** Run after a prune run that removed anything, e.g. to give the freed space back to the disk. */
  afterRemovals?: () => Promise<void>;
  now?: () => number;
  /** Told after each capture is stored (the event streams read again). */
  onStored?: (sessionId: string) => void;
  /** Told of each grouped write of captures (metrics). */
  onWrite?: WriteObserver;
}): WebhooksService {
  const writer = createBatcher((rows: NewEventRow[]) => deps.repo.insertMany(rows), {
    onWrite: deps.onWrite,
  });
  const touched = new Set<string>();
  const now = deps.now ?? (() => Date.now());
  const limits = { keep: deps.eventsPerSession, maxBytes: deps.sessionStorageBytes };
  let pruning: Promise<void> | null = null;
  let nextPruning: Promise<void> | null = null;
  let hasCheckedAll = false;
  const budget = createBudgetKeeper({
    store: deps.repo,
    budget: deps.storageMaxBytes,
    keep: deps.eventsPerSession,
    now,
  });

  async function pruneTouchedSessions(): Promise<Freed> {
    if (!hasCheckedAll) {
      for (const sessionId of await deps.repo.sessionsOverLimits(limits)) touched.add(sessionId);
      hasCheckedAll = true;
    }
    const sessionIds = [...touched];
    touched.clear();
    const freed: Freed = { requests: 0, bytes: 0 };
    for (const [index, sessionId] of sessionIds.entries()) {
      try {
        const removed = await deps.repo.prune(sessionId, limits);
        freed.requests += removed.requests;
        freed.bytes += removed.bytes;
      } catch (error) {
        // Not pruned yet: these sessions may still be over their limits.
        for (const left of sessionIds.slice(index)) touched.add(left);
        throw error;
      }
    }
    return freed;
  }

  async function pruneExpired(): Promise<number> {
    if (deps.eventMaxAgeMs === null) return 0;
    return deps.repo.deleteCapturedBefore(now() - deps.eventMaxAgeMs);
  }

  /** Runs every kind of pruning, each also when one before failed; throws the first failure. */
  async function pruneAll(): Promise<void> {
    const [sessionLimits] = await Promise.allSettled([pruneTouchedSessions()]);
    const [age] = await Promise.allSettled([pruneExpired()]);
    const [byBudget] = await Promise.allSettled([budget.run()]);
    const report: PruneReport = {
      sessionLimits: sessionLimits.status === 'fulfilled' ? sessionLimits.value : { requests: 0, bytes: 0 },
      age: { requests: age.status === 'fulfilled' ? age.value : 0 },
      budget: byBudget.status === 'fulfilled' ? byBudget.value : null,
    };
    if (report.sessionLimits.requests + report.age.requests + (report.budget?.requests ?? 0) > 0) {
      deps.onRemoved?.(report);
      await deps.afterRemovals?.();
    }
    for (const outcome of [sessionLimits, age, byBudget])
      if (outcome.status === 'rejected') throw outcome.reason;
  }

  function prune(): Promise<void> {
    if (nextPruning) return nextPruning;
    if (!pruning) {
      pruning = pruneAll().finally(() => {
        pruning = null;
      });
      return pruning;
    }
    nextPruning = pruning
      .catch(() => undefined)
      .then(() => {
        nextPruning = null;
        return prune();
      });
    return nextPruning;
  }

  async function findOwned(user: SessionUser, id: number) {
    const row = await deps.repo.findVisible(user.sessionId, id);
    if (!row) throw new NotFoundError('This request does not exist or was deleted.');
    return row;
  }

  return {
    ownerOf: (sessionId) => deps.sessions.findSession(sessionId),
    async capture(owner, request, payload) {
      const row = toEventRow(request);
      const { id, previousId } = await writer.add(row);
      touched.add(request.sessionId);
      budget.noteCaptured(row.stored_bytes ?? 0);
      const event = toWebhookEvent(
        { id, previous_id: previousId, forwarded: null, callback: null, ...row },
        { rawHeaders: request.rawHeaders, verdicts: request.verdicts, payload },
      );
      deps.publisher.toUser(owner.id, WEBHOOK_REQUEST, event);
      deps.onStored?.(request.sessionId);
      return event;
    },
    async list(user, page) {
      const rows = await deps.repo.listVisible(user.sessionId, page);
      return rows.map((row) => toWebhookEvent(row));
    },
    count: (user, filter) => deps.repo.countVisible(user.sessionId, filter),
    async *matchingRows(user, filter) {
      let before: number | undefined;
      for (;;) {
        const rows = await deps.repo.listVisible(user.sessionId, { limit: EXPORT_PAGE_SIZE, before, filter });
        yield* rows;
        const oldest = rows.at(-1);
        if (rows.length < EXPORT_PAGE_SIZE || !oldest) return;
        before = oldest.id;
      }
    },
    async hide(user, id) {
      if (!(await deps.repo.hide(user.sessionId, id))) {
        throw new NotFoundError('This request does not exist or was already deleted.');
      }
    },
    async restore(user, id) {
      if (!(await deps.repo.restore(user.sessionId, id))) {
        throw new NotFoundError('This request does not exist or is not deleted.');
      }
      return toWebhookEvent(await findOwned(user, id));
    },
    async clear(user) {
      const { hidden, upTo } = await deps.repo.hideAll(user.sessionId);
      if (upTo > 0) deps.publisher.toUser(user.id, WEBHOOKS_CLEARED, { upTo });
      return { deleted: hidden, upTo };
    },
    async recordForwarded(user, id, result) {
      if (!(await deps.repo.setForwarded(user.sessionId, id, result))) {
        throw new NotFoundError('This request does not exist or was deleted.');
      }
      deps.publisher.toUser(user.id, WEBHOOK_FORWARDED, { id, forwarded: result });
    },
    async body(user, id, decoded) {
      const row = await findOwned(user, id);
      if (!decoded) return row.body;
      const encoding = contentEncodingOf(parseRawHeaders(row.raw_headers));
      return encoding ? decodeBody(row.body, encoding) : row.body;
    },
    stored: findOwned,
    pruneTouchedSessions,
    pruneExpired,
    prune,
    flush: () => writer.drain(),
  };
}
