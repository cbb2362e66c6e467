/**
 * Relays as one user of the delivery engine: each message passes one captured request on, read
 * from the store at each attempt, re-signed with the relay's own secret or with the sender's
 * headers as they came (hop-by-hop ones dropped, Host set for the target). Every attempt is kept
 * and pushed to the owner live; attempts count against the session's REPLAY_PER_MINUTE.
 */
import { RELAY_ATTEMPTED, RELAY_CHANGED } from '../../../../shared/realtime.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { Publisher } from '../../realtime/publisher.js';
import type { Deliver, DeliveryUser } from '../delivery/delivery-worker.js';
import type { StoredMessage } from '../delivery/outbox.repo.js';
import { signedHeaders, type OutgoingRequest, type Sender } from '../delivery/sender.js';
import { targetHeaders } from '../replay/replay.service.js';
import type { EventRow } from '../webhooks/event-view.js';
import { parseRawHeaders } from '../webhooks/event-view.js';
import type { WebhooksRepo } from '../webhooks/webhooks.repo.js';
import type { RelaysRepo, StoredRelay } from './relays.repo.js';
import { toAttempt, toRelay } from './relay-view.js';

/** Attempts kept per destination; older ones leave the requests' details. */
export const ATTEMPTS_KEPT = 1000;
export const REMOVED_MESSAGE = 'The captured request was removed before it could be passed on.';
const MINUTE_MS = 60_000;

export const heldBackMessage = (perMinute: number) =>
  `Held back: this inspector's relays already made ${perMinute} attempts in the last minute, the most this server allows (REPLAY_PER_MINUTE).`;

/** The request the destination gets for one stored capture. */
export function relayedRequest(
  relay: StoredRelay,
  row: Pick<EventRow, 'method' | 'raw_headers' | 'body'>,
  messageId: string,
  now: number,
): OutgoingRequest {
  const target = new URL(relay.url);
  const source = parseRawHeaders(row.raw_headers);
  if (relay.mode === 'headers' || relay.secret === null) {
    return {
      method: row.method,
      headers: targetHeaders(target, source, row.method, row.body),
      body: row.body,
    };
  }
  const contentType = source.find(([name]) => name.toLowerCase() === 'content-type');
  const headers: [string, string][] = [
    ['Host', target.host],
    ...(contentType ? [contentType] : []),
    ['User-Agent', 'Hookbay-Relay/1'],
    ...signedHeaders(relay.secret, messageId, row.body, now),
    ['Content-Length', String(row.body.length)],
    ['Connection', 'close'],
  ];
  return { method: row.method, headers, body: row.body };
}

export function createRelayDelivery(deps: {
  repo: RelaysRepo;
  events: Pick<WebhooksRepo, 'findVisible'>;
  sender: Pick<Sender, 'deliver'>;
  publisher: Publisher;
  ownerOf: (sessionId: string) => Promise<SessionUser | null>;
  /** REPLAY_PER_MINUTE: attempts a session's relays make a minute at most. */
  perMinute: number;
  /** Reads the session's relays again after one was disabled. */
  reload: (sessionId: string) => Promise<void>;
}): DeliveryUser & { noteEnabled(): void } {
  const { repo } = deps;
  let hasEnabled = true;

  function deliverTo(relay: StoredRelay): Deliver {
    return async (message: StoredMessage, now: number) => {
      if ((await repo.countAttemptsSince(relay.sessionId, now - MINUTE_MS)) >= deps.perMinute) {
        throw new Error(heldBackMessage(deps.perMinute));
      }
      const row =
        message.eventId === undefined
          ? null
          : await deps.events.findVisible(relay.sessionId, message.eventId);
      if (!row) throw new Error(REMOVED_MESSAGE);
      return deps.sender.deliver(new URL(relay.url), relayedRequest(relay, row, message.messageId, now));
    };
  }

  async function publish(sessionId: string, send: (user: SessionUser) => void) {
    const owner = await deps.ownerOf(sessionId);
    if (owner) send(owner);
  }

  return {
    kind: 'relay',
    async targets(endpointIds) {
      const relays = await repo.listById(endpointIds);
      return new Map(relays.map((relay) => [relay.id, deliverTo(relay)]));
    },
    async noteAttempt(message, outcome, isDelivered) {
      const [relay] = await repo.listById([message.endpointId]);
      if (!relay || message.eventId === undefined) return;
      const attempt = {
        sessionId: relay.sessionId,
        relayId: relay.id,
        eventId: message.eventId,
        messageId: message.messageId,
        attempt: message.attempts,
        state: outcome.state,
        status: outcome.status,
        error: outcome.error,
        at: outcome.at,
      };
      await repo.noteAttempt(relay.id, outcome, isDelivered);
      await repo.insertAttempt(attempt);
      await publish(relay.sessionId, (owner) =>
        deps.publisher.toUser(owner.id, RELAY_ATTEMPTED, {
          eventId: attempt.eventId,
          attempt: toAttempt(attempt),
        }),
      );
    },
    async noteFailedMessage(endpointId, limit, reason) {
      if (!(await repo.noteFailedMessage(endpointId, limit, reason))) return false;
      const [relay] = await repo.listById([endpointId]);
      if (!relay) return true;
      await deps.reload(relay.sessionId);
      await publish(relay.sessionId, (owner) =>
        deps.publisher.toUser(owner.id, RELAY_CHANGED, { relay: toRelay(relay, false) }),
      );
      return true;
    },
    async refreshActiveSessions() {
      hasEnabled = await repo.hasAnyEnabled();
    },
    hasActiveEndpoints: () => hasEnabled,
    /** A relay was made or turned on here: the worker looks for relay messages from now on. */
    noteEnabled() {
      hasEnabled = true;
    },
    housekeeping: () => repo.pruneAttempts(ATTEMPTS_KEPT),
  };
}
