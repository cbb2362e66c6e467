/** The API's view of relay destinations and their attempts. */
import type { Relay, RelayAttempt } from '../../../../shared/relays.js';
import type { StoredAttempt, StoredRelay } from './relays.repo.js';

const iso = (at: number) => new Date(at).toISOString();

/** `withSecret`: only the answer that made the secret shows it. */
export function toRelay(relay: StoredRelay, withSecret: boolean): Relay {
  return {
    id: relay.id,
    url: relay.url,
    mode: relay.mode,
    filter: relay.filter,
    secret: withSecret ? relay.secret : null,
    status: relay.isEnabled ? 'active' : 'disabled',
    disabledReason: relay.isEnabled ? null : relay.disabledReason,
    failureCount: relay.failedMessages,
    droppedCount: relay.droppedMessages,
    lastAttempt:
      relay.lastAttemptAt === null
        ? null
        : { status: relay.lastStatus, error: relay.lastError, at: iso(relay.lastAttemptAt) },
    createdAt: iso(relay.createdAt),
  };
}

export function toAttempt(attempt: StoredAttempt): RelayAttempt {
  return {
    relayId: attempt.relayId,
    messageId: attempt.messageId,
    attempt: attempt.attempt,
    state: attempt.state,
    statusCode: attempt.status,
    error: attempt.error,
    at: iso(attempt.at),
  };
}
