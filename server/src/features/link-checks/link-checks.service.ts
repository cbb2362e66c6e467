/**
 * Destination checks: on demand for the owner, and on a schedule when the operator sets
 * LINK_CHECK_INTERVAL_HOURS. At most LINK_CHECK_CONCURRENCY run at once on an instance; the others
 * wait. A link that turns broken is announced once (`link.broken`) to its click-webhook endpoints.
 */
import {
  LINK_CHECK_CONCURRENCY,
  type LinkBrokenData,
  type LinkCheck,
} from '../../../../shared/link-checks.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { CheckOutcome } from './destination-check.js';
import type { LinkCheckRow, LinkChecksRepo } from './link-checks.repo.js';

/** Links one scheduled round looks at, at most. */
const SWEEP_BATCH = 200;
const HOUR_MS = 3_600_000;

export interface LinkChecksService {
  /** Checks the session's link now; NotFoundError when the session has no such link. */
  check(user: SessionUser, id: string): Promise<LinkCheck>;
  /** The session's latest checks of links whose destination has not changed since. */
  list(user: SessionUser): Promise<LinkCheck[]>;
  /** One scheduled round: the links not checked within the interval, a few at a time. */
  sweep(intervalHours: number): Promise<void>;
}

function toLinkCheck(row: LinkCheckRow): LinkCheck {
  return {
    linkId: row.link_id,
    destination: row.destination,
    checkedAt: new Date(row.checked_at).toISOString(),
    ok: row.ok === 1,
    status: row.status,
    error: row.error,
    chain: JSON.parse(row.chain) as LinkCheck['chain'],
    durationMs: row.duration_ms,
  };
}

/** Runs at most `limit` tasks at once; the others wait their turn in order. */
function createGate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

export function createLinkChecksService(deps: {
  repo: LinkChecksRepo;
  findLink(user: SessionUser, id: string): Promise<{ id: string; url: string; ownerSessionId: string }>;
  checkDestination(url: string): Promise<CheckOutcome>;
  announceBroken(sessionId: string, linkId: string, data: Omit<LinkBrokenData, 'shortUrl'>): void;
  now?: () => number;
}): LinkChecksService {
  const { repo } = deps;
  const now = deps.now ?? Date.now;
  const gate = createGate(LINK_CHECK_CONCURRENCY);

  async function run(link: { id: string; url: string; ownerSessionId: string }): Promise<LinkCheck> {
    const outcome = await gate(() => deps.checkDestination(link.url));
    const previous = await repo.find(link.id);
    const row: LinkCheckRow = {
      link_id: link.id,
      session_id: link.ownerSessionId,
      destination: link.url,
      checked_at: now(),
      ok: outcome.ok ? 1 : 0,
      status: outcome.status,
      error: outcome.error,
      chain: JSON.stringify(outcome.chain),
      duration_ms: outcome.durationMs,
    };
    await repo.save(row);
    const check = toLinkCheck(row);
    // Said once when it breaks, not again at each check while it stays broken.
    const wasBroken = previous !== null && previous.ok === 0 && previous.destination === link.url;
    if (!check.ok && !wasBroken) {
      const { linkId, destination, checkedAt, status, error, chain, durationMs } = check;
      deps.announceBroken(link.ownerSessionId, link.id, {
        linkId,
        destination,
        checkedAt,
        status,
        error,
        chain,
        durationMs,
      });
    }
    return check;
  }

  return {
    async check(user, id) {
      return run(await deps.findLink(user, id));
    },
    async list(user) {
      return (await repo.listCurrent(user.sessionId)).map(toLinkCheck);
    },
    async sweep(intervalHours) {
      const due = await repo.listDue(now() - intervalHours * HOUR_MS, SWEEP_BATCH);
      await Promise.all(due.map((link) => run(link)));
    },
  };
}

/** Starts the scheduled rounds (every tenth of the interval, so each link waits about one interval); answers its stop. */
export function startLinkCheckSchedule(
  service: LinkChecksService,
  intervalHours: number,
  reportError: (error: unknown, message: string) => void,
): { stop(): Promise<void> } {
  let current: Promise<void> = Promise.resolve();
  const timer = setInterval(
    () => {
      current = service
        .sweep(intervalHours)
        .catch((error: unknown) => reportError(error, 'a scheduled link check failed'));
    },
    Math.min((intervalHours * HOUR_MS) / 10, 24 * HOUR_MS),
  );
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
