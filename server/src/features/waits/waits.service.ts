/**
 * Waiting for requests (`GET /api/events/wait`). Matching events already stored are found with
 * one query; after that a wait costs the database nothing until its session stores something.
 * Every session with waits on this instance holds one stream in the stream hub, so captures on
 * any instance poke it; each poke reads the session's new events once, after the newest id it has
 * read, and hands them to all of the session's waits, which test them against their own filters in
 * memory. Pokes that come while a read runs only ask for one more read.
 */
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import type { StreamHub } from '../forwarding/stream-hub.js';
import type { SearchFilter } from '../webhooks/event-search.js';
import { toWebhookEvent } from '../webhooks/event-view.js';
import type { WebhooksRepo } from '../webhooks/webhooks.repo.js';
import type { EventRow } from '../webhooks/event-view.js';
import { rowMatches } from './row-filter.js';
import type { WaitsRepo } from './waits.repo.js';

export interface WaitRequest {
  filter: SearchFilter;
  /** Only events with a larger id count. */
  after: number;
  count: number;
  timeoutMs: number;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
}

/**
 * `done`: all `count` arrived; `timeout`: time ran out first; `private`: the session was made
 * private (its id alone, which the wait was opened with, gives no access any more); `closed`: the
 * client left or the server is closing.
 */
export interface WaitOutcome {
  ending: 'done' | 'timeout' | 'private' | 'closed';
  /** The matching events found, oldest first, at most `count`. */
  events: WebhookEvent[];
}

export interface WaitsService {
  wait(sessionId: string, request: WaitRequest): Promise<WaitOutcome>;
  /** Open waits and the sessions they watch, on this instance (for tests and shutdown). */
  openCount(): { waits: number; sessions: number };
}

/** Rows hold whole bodies, so a wake-up reads few at a time. */
const READ_PAGE = 50;

interface Waiter {
  request: WaitRequest;
  /** Events up to this id were already considered (by the first query or live); null before the snapshot. */
  cursor: number | null;
  /** Events read live before the snapshot was taken, considered once it is. */
  early: EventRow[];
  /** Matches from the first query, all at or below the cursor it started from; null until it has run. */
  found: EventRow[] | null;
  live: EventRow[];
  finish(ending: WaitOutcome['ending']): void;
}

interface SessionWatch {
  sessionId: string;
  waiters: Set<Waiter>;
  /** Newest event id read for this session; null until the first wait has taken its snapshot. */
  cursor: number | null;
  isReading: boolean;
  readAgain: boolean;
  /** Leaves the stream hub; null until the hub has taken the watch. */
  leaveHub: (() => void) | null;
  /** Resolves once the other instances know of this watch. */
  joined: Promise<void>;
  repair: NodeJS.Timeout;
}

export function createWaitsService(deps: {
  hub: StreamHub;
  repo: WaitsRepo;
  webhooksRepo: WebhooksRepo;
  /** How often a watched session is read again anyway, which repairs a poke lost between instances. */
  repairMs: number;
  onError(error: unknown): void;
}): WaitsService {
  const watches = new Map<string, SessionWatch>();

  function isComplete(waiter: Waiter): boolean {
    return waiter.found !== null && waiter.found.length + waiter.live.length >= waiter.request.count;
  }

  function offer(waiter: Waiter, row: EventRow): void {
    if (waiter.cursor === null) {
      waiter.early.push(row);
      return;
    }
    if (row.id <= waiter.cursor) return;
    waiter.cursor = row.id;
    if (row.id > waiter.request.after && rowMatches(row, waiter.request.filter)) waiter.live.push(row);
    if (isComplete(waiter)) waiter.finish('done');
  }

  async function readNew(watch: SessionWatch): Promise<void> {
    for (;;) {
      if (watch.cursor === null || watch.waiters.size === 0) return;
      const rows = await deps.webhooksRepo.listVisibleAfter(watch.sessionId, watch.cursor, READ_PAGE);
      for (const row of rows) {
        watch.cursor = row.id;
        for (const waiter of [...watch.waiters]) offer(waiter, row);
      }
      if (rows.length < READ_PAGE) return;
    }
  }

  async function read(watch: SessionWatch): Promise<void> {
    if (watch.isReading) {
      watch.readAgain = true;
      return;
    }
    watch.isReading = true;
    try {
      do {
        watch.readAgain = false;
        await readNew(watch);
      } while (watch.readAgain);
    } catch (error) {
      // The next poke, or the repair read, tries again.
      deps.onError(error);
    } finally {
      watch.isReading = false;
    }
  }

  function endWatchIfIdle(watch: SessionWatch): void {
    if (watch.waiters.size > 0 || watches.get(watch.sessionId) !== watch) return;
    watches.delete(watch.sessionId);
    clearInterval(watch.repair);
    // A watch whose hub registration is still under way leaves once it is done.
    if (watch.leaveHub) watch.leaveHub();
    else void watch.joined.then(() => watch.leaveHub?.());
  }

  function watchOf(sessionId: string): SessionWatch {
    const existing = watches.get(sessionId);
    if (existing) return existing;
    const watch: SessionWatch = {
      sessionId,
      waiters: new Set(),
      cursor: null,
      isReading: false,
      readAgain: false,
      leaveHub: null,
      joined: Promise.resolve(),
      repair: setInterval(() => void read(watch), deps.repairMs),
    };
    watch.repair.unref();
    watch.joined = deps.hub
      .open(sessionId, {
        responding: false,
        // Shared by the session's waits, whoever opened them: when the session goes private or a
        // key is revoked, every wait of it ends, rather than one opened by the session id alone going on.
        keyId: null,
        poke: () => void read(watch),
        close: (reason) => {
          const ending = reason === 'access-ended' ? 'private' : 'closed';
          for (const waiter of [...watch.waiters]) waiter.finish(ending);
        },
      })
      .then((leave) => {
        watch.leaveHub = leave;
      });
    watches.set(sessionId, watch);
    return watch;
  }

  return {
    async wait(sessionId, request) {
      return new Promise<WaitOutcome>((resolve, reject) => {
        const watch = watchOf(sessionId);
        const waiter: Waiter = {
          request,
          cursor: null,
          early: [],
          found: null,
          live: [],
          finish(ending) {
            if (!watch.waiters.delete(waiter)) return;
            clearTimeout(timer);
            request.signal.removeEventListener('abort', abort);
            endWatchIfIdle(watch);
            const rows = [...(waiter.found ?? []), ...waiter.live].slice(0, request.count);
            resolve({ ending, events: rows.map((row) => toWebhookEvent(row)) });
          },
        };
        const abort = () => waiter.finish('closed');
        // Counted from the start, so the whole wait, setting up included, stays within the timeout.
        const timer = setTimeout(() => waiter.finish('timeout'), request.timeoutMs);
        request.signal.addEventListener('abort', abort);
        watch.waiters.add(waiter);
        if (request.signal.aborted) return abort();
        start(watch, waiter).catch((error: unknown) => {
          if (!watch.waiters.has(waiter)) return;
          waiter.finish('closed');
          reject(error);
        });
      });
    },
    openCount() {
      let waits = 0;
      for (const watch of watches.values()) waits += watch.waiters.size;
      return { waits, sessions: watches.size };
    },
  };

  /**
   * Joins the hub first, so no capture after this point goes unnoticed; then takes the newest id
   * (live matching covers what comes after it) and finds the matches up to it with one query.
   */
  async function start(watch: SessionWatch, waiter: Waiter): Promise<void> {
    await watch.joined;
    if (!watch.waiters.has(waiter)) return;
    const snapshot = await deps.repo.newestVisibleId(watch.sessionId);
    waiter.cursor = snapshot;
    for (const row of waiter.early.splice(0)) offer(waiter, row);
    if (watch.cursor === null) {
      watch.cursor = snapshot;
      // Pokes that came before the snapshot found no cursor; one read now covers them.
      void read(watch);
    }
    const { after, count, filter } = waiter.request;
    waiter.found =
      after < snapshot
        ? await deps.repo.listMatching(watch.sessionId, { after, upTo: snapshot, limit: count }, filter)
        : [];
    if (isComplete(waiter)) waiter.finish('done');
    else if (waiter.request.timeoutMs === 0) waiter.finish('timeout');
  }
}
