/**
 * Relays: a session's destinations, and the queueing of every matching capture for them. A capture
 * is handed over once stored and queued in the background, never waiting on a destination; which
 * relays a session has is read through a per-session cache that other instances drop on a change,
 * so a session without relays pays one lookup in memory. Messages are queued one write at a time,
 * in the order captures were handed over.
 */
import { isUtf8 } from 'node:buffer';
import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { eventMatchesFilter } from '../../../../shared/event-search.js';
import { globToRegExp } from '../../../../shared/path-glob.js';
import {
  MAX_RELAYS_PER_SESSION,
  type Relay,
  type RelayAttempt,
  type RelayFilter,
  type relayCreateSchema,
  type relayUpdateSchema,
} from '../../../../shared/relays.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { ForbiddenError, HttpError, NotFoundError } from '../../http/errors.js';
import { createBatcher } from '../../db/batcher.js';
import type { MessagesRepo, NewMessage } from '../delivery/outbox.repo.js';
import { newSecret, type Sender } from '../delivery/sender.js';
import type { SessionCache } from '../session-cache/session-cache.js';
import type { RelaysRepo, StoredRelay } from './relays.repo.js';
import { toAttempt, toRelay } from './relay-view.js';

export const TOO_MANY_RELAYS_MESSAGE = `relays: you already have ${MAX_RELAYS_PER_SESSION} relay destinations, the most a session can hold. Delete one first.`;
export const RELAY_NOT_FOUND_MESSAGE = 'id: you have no such relay destination.';
export const RELAYS_OFF_MESSAGE =
  'relays: server-side replay is switched off on this Hookbay instance (REPLAY_PER_MINUTE=0), and relays with it.';

class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

/** What the capture path keeps of one enabled relay. */
export interface ActiveRelay {
  id: string;
  methods: string[];
  path: RegExp | null;
  q: string | null;
}
export type RelaysCache = SessionCache<ActiveRelay[]>;

const newRelayId = () => `rl_${randomBytes(12).toString('base64url')}`;
const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

function activate(relays: StoredRelay[]): ActiveRelay[] {
  return relays
    .filter((relay) => relay.isEnabled)
    .map(({ id, filter }) => ({
      id,
      methods: filter.methods,
      path: filter.path === null ? null : globToRegExp(filter.path),
      q: filter.q,
    }));
}

function matches(relay: ActiveRelay, event: WebhookEvent, bodyText: () => string | null): boolean {
  if (relay.methods.length > 0 && !relay.methods.includes(event.method.toUpperCase())) return false;
  if (relay.path && !relay.path.test(event.path)) return false;
  return !relay.q || eventMatchesFilter(event, bodyText(), { q: relay.q });
}

export type RelaysService = ReturnType<typeof createRelaysService>;

export function createRelaysService(deps: {
  repo: RelaysRepo;
  outbox: Pick<MessagesRepo, 'insertMany'>;
  sender: Pick<Sender, 'check'>;
  cache: RelaysCache;
  /** REPLAY_PER_MINUTE is 0: relays are switched off with server-side replay. */
  isSwitchedOff: boolean;
  /** A relay was made or turned on here. */
  onEnabled: () => void;
  reportError: (error: unknown, message: string) => void;
  now?: () => number;
}) {
  const { repo, cache } = deps;
  const now = deps.now ?? Date.now;

  async function findOwned(user: SessionUser, id: string): Promise<StoredRelay> {
    const relay = await repo.findOwned(user.sessionId, id);
    if (!relay) throw new NotFoundError(RELAY_NOT_FOUND_MESSAGE);
    return relay;
  }

  async function reload(sessionId: string): Promise<void> {
    await cache.change(sessionId, activate(await repo.listOwned(sessionId)));
  }

  /**
   * Relay messages are written a turn's worth at a time, one insert after the other, so they keep
   * the order they were handed over in; a capture waits only for the insert holding its own.
   */
  const outbox = createBatcher(async (messages: NewMessage[]) => {
    await deps.outbox.insertMany(messages);
    return messages.map(() => undefined);
  });

  /** Resolves, never rejects, once the messages it queued are written; null when it queued none. */
  function queue(relays: ActiveRelay[], event: WebhookEvent, body: Buffer): Promise<void> | null {
    let text: string | null | undefined;
    const bodyText = () => (text ??= isUtf8(body) ? body.toString('utf8') : null);
    const at = now();
    const messages: NewMessage[] = relays
      .filter((relay) => matches(relay, event, bodyText))
      .map((relay) => ({
        kind: 'relay',
        endpointId: relay.id,
        messageId: newMessageId(),
        type: 'relay.capture',
        payload: '',
        eventId: event.id,
        createdAt: at,
      }));
    if (messages.length === 0) return null;
    return Promise.all(messages.map((message) => outbox.add(message))).then(
      () => undefined,
      (error: unknown) => deps.reportError(error, 'queueing relay messages failed'),
    );
  }

  async function checkTarget(url: string) {
    if (deps.isSwitchedOff) throw new ForbiddenError(RELAYS_OFF_MESSAGE);
    await deps.sender.check(new URL(url));
  }

  return {
    reload,
    async list(user: SessionUser): Promise<Relay[]> {
      return (await repo.listOwned(user.sessionId)).map((relay) => toRelay(relay, false));
    },
    /** ForbiddenError for a refused target, 409 past MAX_RELAYS_PER_SESSION. */
    async create(user: SessionUser, body: z.output<typeof relayCreateSchema>): Promise<Relay> {
      await checkTarget(body.url);
      if ((await repo.countOwned(user.sessionId)) >= MAX_RELAYS_PER_SESSION) {
        throw new ConflictError(TOO_MANY_RELAYS_MESSAGE);
      }
      const relay: StoredRelay = {
        id: newRelayId(),
        sessionId: user.sessionId,
        url: body.url,
        mode: body.mode,
        secret: body.mode === 'sign' ? newSecret() : null,
        filter: body.filter satisfies RelayFilter,
        isEnabled: true,
        disabledReason: null,
        failedMessages: 0,
        droppedMessages: 0,
        lastStatus: null,
        lastError: null,
        lastAttemptAt: null,
        createdAt: now(),
      };
      await repo.insert(relay);
      deps.onEnabled();
      await reload(user.sessionId);
      return toRelay(relay, true);
    },
    /** NotFoundError for a relay the session does not own; a switch to `sign` answers the new secret once. */
    async update(user: SessionUser, id: string, body: z.output<typeof relayUpdateSchema>): Promise<Relay> {
      const before = await findOwned(user, id);
      if (body.url !== undefined) await checkTarget(body.url);
      const isNewSigner = body.mode === 'sign' && before.mode !== 'sign';
      const secret =
        body.mode === undefined
          ? undefined
          : isNewSigner
            ? newSecret()
            : body.mode === 'sign'
              ? before.secret
              : null;
      const relay = await repo.update(user.sessionId, id, {
        url: body.url,
        mode: body.mode,
        secret,
        filter: body.filter,
        isEnabled: body.enabled,
      });
      if (!relay) throw new NotFoundError(RELAY_NOT_FOUND_MESSAGE);
      if (relay.isEnabled) deps.onEnabled();
      await reload(user.sessionId);
      return toRelay(relay, isNewSigner);
    },
    async remove(user: SessionUser, id: string): Promise<void> {
      if (!(await repo.delete(user.sessionId, id))) throw new NotFoundError(RELAY_NOT_FOUND_MESSAGE);
      await reload(user.sessionId);
    },
    /** Every attempt to pass the session's captured request `eventId` on, oldest first. */
    async attempts(user: SessionUser, eventId: number): Promise<RelayAttempt[]> {
      return (await repo.listAttempts(user.sessionId, eventId)).map(toAttempt);
    },
    /**
     * Queues a stored capture for the session's matching relays. Null when it has none to queue,
     * known at once (from the cache); otherwise resolves, never rejects, once its messages are
     * written. A capture is answered only then, so a later capture, on any instance, finds them
     * ahead of its own: a destination gets captures in the order they were answered.
     */
    noteCapture(sessionId: string, event: WebhookEvent, body: Buffer): Promise<void> | null {
      if (deps.isSwitchedOff) return null;
      const relays = cache.read(sessionId, async () => activate(await repo.listOwned(sessionId)));
      if (!(relays instanceof Promise)) return relays.length > 0 ? queue(relays, event, body) : null;
      return relays
        .then((read) => queue(read, event, body) ?? undefined)
        .catch((error: unknown) => deps.reportError(error, 'reading relays failed'));
    },
    /** Waits until every capture handed over is queued. */
    flush(): Promise<void> {
      return outbox.drain();
    },
  };
}
