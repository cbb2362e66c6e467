/**
 * Logs a shared dependency (PostgreSQL, Redis) going away once, and coming back once, however many
 * requests, reconnect attempts or connections see it in between. A dependency may have several
 * parts (Redis has a publishing and a subscribing connection): it is down while any part is down.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface OutageLog {
  /** `part` stopped working; the first failing part logs the outage, later reports are silent. */
  down(part: string, error: unknown): void;
  /** `part` works again; when no part is left failing, the recovery is logged and `onRecovered` runs. */
  up(part: string): void;
  isDown(): boolean;
  /** What the first error of the current outage said, or null when nothing is down. */
  reason(): string | null;
}

export interface OutageMessages {
  /** Logged at warn level, with the first error, when the outage starts. */
  down: string;
  /** Logged at info level when the outage ends. */
  up: string;
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0]);
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

export function createOutageLog(
  log: FastifyBaseLogger,
  messages: OutageMessages,
  onRecovered: () => void = () => undefined,
): OutageLog {
  const failing = new Set<string>();
  let startedAt = 0;
  let firstReason: string | null = null;

  return {
    down(part, error) {
      const wasDown = failing.size > 0;
      failing.add(part);
      if (wasDown) return;
      startedAt = Date.now();
      firstReason = describe(error);
      // The error's text only, not the stack: it is the same connection failure every time.
      log.warn({ outage: true, part, reason: firstReason }, messages.down);
    },
    up(part) {
      if (!failing.delete(part) || failing.size > 0) return;
      log.info({ outage: false, downForMs: Date.now() - startedAt }, messages.up);
      onRecovered();
    },
    isDown: () => failing.size > 0,
    reason: () => (failing.size > 0 ? firstReason : null),
  };
}
