/**
 * What Hookbay instances say to each other (see cluster.ts): the message names and what each one
 * carries. Kept apart so that the Socket.IO server's type can name them without the cluster itself.
 */
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
