/**
 * Messages between Hookbay instances, never sent to browsers, carried by the Socket.IO adapter
 * (`serverSideEmit` over Redis). They keep each instance's short-link and response-rule caches
 * honest: a change is announced, and the changing request waits until every other instance has
 * dropped its copy, so a redirect or capture served anywhere right after the answer follows it.
 * Without REDIS_URL there is one instance and nothing to announce.
 */
import type { RealtimeServer } from './publisher.js';

export const LINK_CHANGED = 'link-changed';
export const LINKS_RESET = 'links-reset';
export const RESPONSES_CHANGED = 'responses-changed';
export const RESPONSES_RESET = 'responses-reset';

export interface ClusterEvents {
  /** Link `id` was edited or deleted; `done` acknowledges that the copy is gone. */
  [LINK_CHANGED]: (id: string, done: (ok: boolean) => void) => void;
  /** The sender may have missed or failed to send changes: forget every cached link. */
  [LINKS_RESET]: () => void;
  /** Session `sessionId` saved new scripted response rules; `done` acknowledges that the copy is gone. */
  [RESPONSES_CHANGED]: (sessionId: string, done: (ok: boolean) => void) => void;
  /** The sender may have missed or failed to send rule changes: forget every cached session's rules. */
  [RESPONSES_RESET]: () => void;
}

/** An instance that has not answered by then (stuck, or Redis away) no longer holds the edit up. */
export const ANNOUNCE_TIMEOUT_MS = 1000;

/** `id` of a link changed on another instance, or null when any link may have. */
export type LinkChangeListener = (id: string | null) => void;
/** Session whose response rules changed on another instance, or null when any may have. */
export type ResponsesChangeListener = (sessionId: string | null) => void;

export interface Cluster {
  /** Tells the other instances that link `id` changed; resolves once all have acknowledged, or after ANNOUNCE_TIMEOUT_MS. */
  announceLinkChange(id: string): Promise<void>;
  /**
   * This instance was cut off from the others (Redis was away) and is back: changes may have been
   * missed both ways, so every instance, this one included, forgets its cached links.
   */
  rejoined(): void;
  onLinkChange(listener: LinkChangeListener): void;
  /** Tells the other instances that a session's response rules changed; resolves like announceLinkChange. */
  announceResponsesChange(sessionId: string): Promise<void>;
  onResponsesChange(listener: ResponsesChangeListener): void;
}

/** One instance alone: nobody to tell. */
export const SOLO_CLUSTER: Cluster = {
  announceLinkChange: () => Promise.resolve(),
  rejoined: () => undefined,
  onLinkChange: () => undefined,
  announceResponsesChange: () => Promise.resolve(),
  onResponsesChange: () => undefined,
};

/**
 * Call before the adapter is set; announce only once it is (the in-memory adapter cannot).
 * `isConnected` says whether Redis is reachable now; while it is not, nobody can be told.
 */
export function createCluster(io: RealtimeServer, isConnected: () => boolean): Cluster {
  const linkListeners: LinkChangeListener[] = [];
  const responsesListeners: ResponsesChangeListener[] = [];
  const notifyLinks = (id: string | null) => {
    for (const listener of linkListeners) listener(id);
  };
  const notifyResponses = (sessionId: string | null) => {
    for (const listener of responsesListeners) listener(sessionId);
  };
  io.on(LINK_CHANGED, (id, done) => {
    notifyLinks(id);
    done(true);
  });
  io.on(LINKS_RESET, () => notifyLinks(null));
  io.on(RESPONSES_CHANGED, (sessionId, done) => {
    notifyResponses(sessionId);
    done(true);
  });
  io.on(RESPONSES_RESET, () => notifyResponses(null));

  /** Resolves once every other instance has acknowledged, or after ANNOUNCE_TIMEOUT_MS. */
  async function untilAcknowledged(emit: () => Promise<unknown>): Promise<void> {
    // The others will forget every cached copy when this instance rejoins them.
    if (!isConnected()) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ANNOUNCE_TIMEOUT_MS);
    });
    // The adapter never answers at all when Redis is away, hence the own timeout; a late or
    // missing acknowledgement is not an error for the change, which is already stored.
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
      notifyLinks(null);
      notifyResponses(null);
      io.serverSideEmit(LINKS_RESET);
      io.serverSideEmit(RESPONSES_RESET);
    },
    onLinkChange(listener) {
      linkListeners.push(listener);
    },
    announceResponsesChange: (sessionId) =>
      untilAcknowledged(() => io.serverSideEmitWithAck(RESPONSES_CHANGED, sessionId)),
    onResponsesChange(listener) {
      responsesListeners.push(listener);
    },
  };
}
