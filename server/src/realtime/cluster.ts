/**
 * Messages between Hookbay instances, never sent to browsers, carried by the Socket.IO adapter
 * (`serverSideEmit` over Redis). Today they keep each instance's short-link cache honest: an edit
 * or delete is announced, and the editing request waits until every other instance has dropped
 * its copy, so a redirect served anywhere right after the answer already leads to the new place.
 * Without REDIS_URL there is one instance and nothing to announce.
 */
import type { RealtimeServer } from './publisher.js';

export const LINK_CHANGED = 'link-changed';
export const LINKS_RESET = 'links-reset';

export interface ClusterEvents {
  /** Link `id` was edited or deleted; `done` acknowledges that the copy is gone. */
  [LINK_CHANGED]: (id: string, done: (ok: boolean) => void) => void;
  /** The sender may have missed or failed to send changes: forget every cached link. */
  [LINKS_RESET]: () => void;
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
}

/** One instance alone: nobody to tell. */
export const SOLO_CLUSTER: Cluster = {
  announceLinkChange: () => Promise.resolve(),
  rejoined: () => undefined,
  onLinkChange: () => undefined,
};

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

  return {
    async announceLinkChange(id) {
      // The others will forget every cached link when this instance rejoins them.
      if (!isConnected()) return;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ANNOUNCE_TIMEOUT_MS);
      });
      // The adapter never answers at all when Redis is away, hence the own timeout; a late or
      // missing acknowledgement is not an error for the edit, which is already stored.
      const acknowledged = io.serverSideEmitWithAck(LINK_CHANGED, id).then(
        () => undefined,
        () => undefined,
      );
      await Promise.race([acknowledged, timeout]);
      clearTimeout(timer);
    },
    rejoined() {
      notify(null);
      io.serverSideEmit(LINKS_RESET);
    },
    onLinkChange(listener) {
      listeners.push(listener);
    },
  };
}
