/**
 * Messages between Hookbay instances, never sent to browsers, carried by the Socket.IO adapter
 * (`serverSideEmit` over Redis). They keep each instance's short-link cache and per-session caches
 * (features/session-cache) honest: a change is announced, and the changing request waits until every other instance has
 * dropped its copy, so a redirect or capture served anywhere right after the answer follows it.
 * They also carry the event streams' news: which sessions are streamed where (so a capture pokes
 * other instances only for sessions someone streams), the pokes, and `--respond` answers, and
 * the end of an access (a revoked key, privacy turned on) so that event streams relying on it close.
 * Without REDIS_URL there is one instance and nothing to announce.
 */
import type { RealtimeServer } from './publisher.js';

export const LINK_CHANGED = 'link-changed';
export const LINKS_RESET = 'links-reset';
export const SESSION_CACHE_CHANGED = 'session-cache-changed';
export const SESSION_CACHES_RESET = 'session-caches-reset';
export const STREAMS_HELD = 'streams-held';
export const SESSION_POKED = 'session-poked';
export const FORWARDED_ANSWER = 'forwarded-answer';
export const ACCESS_ENDED = 'access-ended';

/** Access to a session ended: key `keyId` was revoked, or (keyId null) its id alone no longer opens it. */
export interface EndedAccess {
  sessionId: string;
  keyId: string | null;
}

/** The event-stream sessions one instance serves: all of them, and those with a `--respond` forwarder. */
export interface HeldStreams {
  instanceId: string;
  streamed: string[];
  responding: string[];
  /** Per session, its forwarders on that instance (absent from instances that do not count them). */
  forwarders?: Record<string, { count: number; responding: number }>;
}

/** A `--respond` forwarder's answer for a waiting capture: the target's reply, or why there is none. */
export type ForwardedAnswer =
  { status: number; rawHeaders: [string, string][]; body: string } | { error: string };

export interface ClusterEvents {
  /** Link `id` was edited or deleted; `done` acknowledges that the copy is gone. */
  [LINK_CHANGED]: (id: string, done: (ok: boolean) => void) => void;
  /** The sender may have missed or failed to send changes: forget every cached link. */
  [LINKS_RESET]: () => void;
  /** Session `sessionId`'s entry of per-session cache `name` changed; `done` acknowledges that the copy is gone. */
  [SESSION_CACHE_CHANGED]: (name: string, sessionId: string, done: (ok: boolean) => void) => void;
  /** The sender may have missed or failed to send changes: forget every per-session cache's entries. */
  [SESSION_CACHES_RESET]: () => void;
  /** The sender's full list of streamed sessions now (sent on change and periodically). */
  [STREAMS_HELD]: (held: HeldStreams, done: (ok: boolean) => void) => void;
  /** A new event of this session was stored: streams of it should read again. */
  [SESSION_POKED]: (sessionId: string) => void;
  /** The answer for the capture of event `id`, for whichever instance holds it waiting. */
  [FORWARDED_ANSWER]: (id: number, answer: ForwardedAnswer) => void;
  /** Streams relying on this access must end; `done` acknowledges that they have. */
  [ACCESS_ENDED]: (ended: EndedAccess, done: (ok: boolean) => void) => void;
}

/** An instance that has not answered by then (stuck, or Redis away) no longer holds the edit up. */
export const ANNOUNCE_TIMEOUT_MS = 1000;

/** `id` of a link changed on another instance, or null when any link may have. */
export type LinkChangeListener = (id: string | null) => void;
export interface Cluster {
  /** Tells the other instances that `sessionId`'s entry of per-session cache `name` changed; resolves like announceLinkChange. */
  announceSessionChange(name: string, sessionId: string): Promise<void>;
  /** `sessionId`'s entry of cache `name` changed on another instance, or (null) any may have. */
  onSessionChange(name: string, listener: (sessionId: string | null) => void): void;
  /** Tells the other instances that link `id` changed; resolves once all have acknowledged, or after ANNOUNCE_TIMEOUT_MS. */
  announceLinkChange(id: string): Promise<void>;
  /**
   * This instance was cut off from the others (Redis was away) and is back: changes may have been
   * missed both ways, so every instance, this one included, forgets its cached links and its
   * per-session caches.
   */
  rejoined(): void;
  onLinkChange(listener: LinkChangeListener): void;
  /** Tells the others which sessions this instance streams; resolves like announceLinkChange. */
  announceStreams(held: HeldStreams): Promise<void>;
  onStreams(listener: (held: HeldStreams) => void): void;
  pokeSession(sessionId: string): void;
  onPoke(listener: (sessionId: string) => void): void;
  sendForwardedAnswer(id: number, answer: ForwardedAnswer): void;
  onForwardedAnswer(listener: (id: number, answer: ForwardedAnswer) => void): void;
  /** Tells the other instances that an access ended; resolves like announceLinkChange. */
  announceAccessEnded(ended: EndedAccess): Promise<void>;
  onAccessEnded(listener: (ended: EndedAccess) => void): void;
}

/** One instance alone: nobody to tell. */
export const SOLO_CLUSTER: Cluster = {
  announceLinkChange: () => Promise.resolve(),
  rejoined: () => undefined,
  onLinkChange: () => undefined,
  announceSessionChange: () => Promise.resolve(),
  onSessionChange: () => undefined,
  announceStreams: () => Promise.resolve(),
  onStreams: () => undefined,
  pokeSession: () => undefined,
  onPoke: () => undefined,
  sendForwardedAnswer: () => undefined,
  onForwardedAnswer: () => undefined,
  announceAccessEnded: () => Promise.resolve(),
  onAccessEnded: () => undefined,
};

/** Listeners of one kind of message, called in the order they were added. */
function listenerList<A extends unknown[]>() {
  const listeners: ((...args: A) => void)[] = [];
  return {
    add: (listener: (...args: A) => void) => void listeners.push(listener),
    notify: (...args: A) => {
      for (const listener of listeners) listener(...args);
    },
  };
}

/**
 * Call before the adapter is set; announce only once it is (the in-memory adapter cannot).
 * `isConnected` says whether Redis is reachable now; while it is not, nobody can be told.
 */
export function createCluster(io: RealtimeServer, isConnected: () => boolean): Cluster {
  const links = listenerList<[string | null]>();
  const sessionCaches = new Map<string, ReturnType<typeof listenerList<[string | null]>>>();
  const sessionCache = (name: string) => {
    let listeners = sessionCaches.get(name);
    if (!listeners) sessionCaches.set(name, (listeners = listenerList<[string | null]>()));
    return listeners;
  };
  const resetSessionCaches = () => {
    for (const listeners of sessionCaches.values()) listeners.notify(null);
  };
  const streams = listenerList<[HeldStreams]>();
  const pokes = listenerList<[string]>();
  const answers = listenerList<[number, ForwardedAnswer]>();
  const endedAccess = listenerList<[EndedAccess]>();
  io.on(LINK_CHANGED, (id, done) => {
    links.notify(id);
    done(true);
  });
  io.on(LINKS_RESET, () => links.notify(null));
  io.on(SESSION_CACHE_CHANGED, (name, sessionId, done) => {
    sessionCaches.get(name)?.notify(sessionId);
    done(true);
  });
  io.on(SESSION_CACHES_RESET, resetSessionCaches);
  io.on(STREAMS_HELD, (held, done) => {
    streams.notify(held);
    done(true);
  });
  io.on(SESSION_POKED, (sessionId) => pokes.notify(sessionId));
  io.on(FORWARDED_ANSWER, (id, answer) => answers.notify(id, answer));
  io.on(ACCESS_ENDED, (ended, done) => {
    endedAccess.notify(ended);
    done(true);
  });

  /** Resolves once every other instance has acknowledged, or after ANNOUNCE_TIMEOUT_MS. */
  async function untilAcknowledged(emit: () => Promise<unknown>): Promise<void> {
    // The others forget every cached copy when this instance rejoins them, and the periodic
    // stream announcement brings them up to date once Redis is back.
    if (!isConnected()) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ANNOUNCE_TIMEOUT_MS);
    });
    // The adapter never answers at all when Redis is away, hence the own timeout; a late or
    // missing acknowledgement is not an error for the change, which is already made.
    const acknowledged = emit().then(
      () => undefined,
      () => undefined,
    );
    await Promise.race([acknowledged, timeout]);
    clearTimeout(timer);
  }

  return {
    announceLinkChange: (id) => untilAcknowledged(() => io.serverSideEmitWithAck(LINK_CHANGED, id)),
    rejoined() {
      links.notify(null);
      resetSessionCaches();
      io.serverSideEmit(LINKS_RESET);
      io.serverSideEmit(SESSION_CACHES_RESET);
    },
    onLinkChange: links.add,
    announceSessionChange: (name, sessionId) =>
      untilAcknowledged(() => io.serverSideEmitWithAck(SESSION_CACHE_CHANGED, name, sessionId)),
    onSessionChange: (name, listener) => sessionCache(name).add(listener),
    announceStreams: (held) => untilAcknowledged(() => io.serverSideEmitWithAck(STREAMS_HELD, held)),
    onStreams: streams.add,
    pokeSession(sessionId) {
      if (isConnected()) io.serverSideEmit(SESSION_POKED, sessionId);
    },
    onPoke: pokes.add,
    sendForwardedAnswer(id, answer) {
      if (isConnected()) io.serverSideEmit(FORWARDED_ANSWER, id, answer);
    },
    onForwardedAnswer: answers.add,
    announceAccessEnded: (ended) => untilAcknowledged(() => io.serverSideEmitWithAck(ACCESS_ENDED, ended)),
    onAccessEnded: endedAccess.add,
  };
}
