/**
 * Messages between Hookbay instances, never sent to browsers, carried by the Socket.IO adapter
 * (`serverSideEmit` over Redis). Today they keep each instance's short-link cache honest: an edit
 * or delete is announced, and the editing request waits until every other instance has dropped
 * its copy, so a redirect served anywhere right after the answer already leads to the new place.
 * They also carry the event streams' news: which sessions are streamed where (so a capture pokes
 * other instances only for sessions someone streams), the pokes, and `--respond` answers.
 * Without REDIS_URL there is one instance and nothing to announce.
 */
import type { RealtimeServer } from './publisher.js';

export const LINK_CHANGED = 'link-changed';
export const LINKS_RESET = 'links-reset';
export const STREAMS_HELD = 'streams-held';
export const SESSION_POKED = 'session-poked';
export const FORWARDED_ANSWER = 'forwarded-answer';

/** The event-stream sessions one instance serves: all of them, and those with a `--respond` forwarder. */
export interface HeldStreams {
  instanceId: string;
  streamed: string[];
  responding: string[];
}

/** A `--respond` forwarder's answer for a waiting capture: the target's reply, or why there is none. */
export type ForwardedAnswer =
  { status: number; rawHeaders: [string, string][]; body: string } | { error: string };

export interface ClusterEvents {
  /** Link `id` was edited or deleted; `done` acknowledges that the copy is gone. */
  [LINK_CHANGED]: (id: string, done: (ok: boolean) => void) => void;
  /** The sender may have missed or failed to send changes: forget every cached link. */
  [LINKS_RESET]: () => void;
  /** The sender's full list of streamed sessions now (sent on change and periodically). */
  [STREAMS_HELD]: (held: HeldStreams, done: (ok: boolean) => void) => void;
  /** A new event of this session was stored: streams of it should read again. */
  [SESSION_POKED]: (sessionId: string) => void;
  /** The answer for the capture of event `id`, for whichever instance holds it waiting. */
  [FORWARDED_ANSWER]: (id: number, answer: ForwardedAnswer) => void;
}

/** An instance that has not answered by then (stuck, or Redis away) no longer holds the edit up. */
export const ANNOUNCE_TIMEOUT_MS = 1000;

/** `id` of a link changed on another instance, or null when any link may have. */
export type LinkChangeListener = (id: string | null) => void;

export interface Cluster {
  /** Tells the other instances that link `id` changed; resolves once all have acknowledged, or after ANNOUNCE_TIMEOUT_MS. */
  announceLinkChange(id: string): Promise<void>;
  /**
   * This instance was cut off from the others (Redis was away) and is back: changes may have been
   * missed both ways, so every instance, this one included, forgets its cached links.
   */
  rejoined(): void;
  onLinkChange(listener: LinkChangeListener): void;
  /** Tells the others which sessions this instance streams; resolves once all have acknowledged, or after ANNOUNCE_TIMEOUT_MS. */
  announceStreams(held: HeldStreams): Promise<void>;
  onStreams(listener: (held: HeldStreams) => void): void;
  pokeSession(sessionId: string): void;
  onPoke(listener: (sessionId: string) => void): void;
  sendForwardedAnswer(id: number, answer: ForwardedAnswer): void;
  onForwardedAnswer(listener: (id: number, answer: ForwardedAnswer) => void): void;
}

/** One instance alone: nobody to tell. */
export const SOLO_CLUSTER: Cluster = {
  announceLinkChange: () => Promise.resolve(),
  rejoined: () => undefined,
  onLinkChange: () => undefined,
  announceStreams: () => Promise.resolve(),
  onStreams: () => undefined,
  pokeSession: () => undefined,
  onPoke: () => undefined,
  sendForwardedAnswer: () => undefined,
  onForwardedAnswer: () => undefined,
};

/** Waits for every instance's acknowledgement, or ANNOUNCE_TIMEOUT_MS at most. */
async function untilAcknowledged(acknowledged: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ANNOUNCE_TIMEOUT_MS);
  });
  // The adapter never answers at all when Redis is away, hence the own timeout; a late or
  // missing acknowledgement is not an error for the caller, whose change is already made.
  await Promise.race([acknowledged.then(noop, noop), timeout]);
  clearTimeout(timer);
}

function noop(): void {}

/**
 * Call before the adapter is set; announce only once it is (the in-memory adapter cannot).
 * `isConnected` says whether Redis is reachable now; while it is not, nobody can be told.
 */
export function createCluster(io: RealtimeServer, isConnected: () => boolean): Cluster {
  const listeners: LinkChangeListener[] = [];
  const notify = (id: string | null) => {
    for (const listener of listeners) listener(id);
  };
  io.on(LINK_CHANGED, (id, done) => {
    notify(id);
    done(true);
  });
  io.on(LINKS_RESET, () => notify(null));
  const streamListeners: ((held: HeldStreams) => void)[] = [];
  const pokeListeners: ((sessionId: string) => void)[] = [];
  const answerListeners: ((id: number, answer: ForwardedAnswer) => void)[] = [];
  io.on(STREAMS_HELD, (held, done) => {
    for (const listener of streamListeners) listener(held);
    done(true);
  });
  io.on(SESSION_POKED, (sessionId) => {
    for (const listener of pokeListeners) listener(sessionId);
  });
  io.on(FORWARDED_ANSWER, (id, answer) => {
    for (const listener of answerListeners) listener(id, answer);
  });

  return {
    async announceLinkChange(id) {
      // The others will forget every cached link when this instance rejoins them.
      if (!isConnected()) return;
      await untilAcknowledged(io.serverSideEmitWithAck(LINK_CHANGED, id));
    },
    rejoined() {
      notify(null);
      io.serverSideEmit(LINKS_RESET);
    },
    onLinkChange(listener) {
      listeners.push(listener);
    },
    async announceStreams(held) {
      // The periodic announcement brings the others up to date once Redis is back.
      if (!isConnected()) return;
      await untilAcknowledged(io.serverSideEmitWithAck(STREAMS_HELD, held));
    },
    onStreams(listener) {
      streamListeners.push(listener);
    },
    pokeSession(sessionId) {
      if (isConnected()) io.serverSideEmit(SESSION_POKED, sessionId);
    },
    onPoke(listener) {
      pokeListeners.push(listener);
    },
    sendForwardedAnswer(id, answer) {
      if (isConnected()) io.serverSideEmit(FORWARDED_ANSWER, id, answer);
    },
    onForwardedAnswer(listener) {
      answerListeners.push(listener);
    },
  };
}
