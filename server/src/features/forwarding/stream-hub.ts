/**
 * Which sessions have event streams open, on this instance and on the others, and the pokes that
 * make those streams read again. Each instance announces its whole list when it changes and every
 * REFRESH_MS while it has streams; another instance's list expires EXPIRY_MS after its last
 * announcement, so a crashed instance's streams stop drawing pokes and its `--respond` forwarders
 * stop holding captures. A capture for a session nobody streams costs one map lookup, no message.
 * The announcements also count each session's forwarders, so any instance can say how many are
 * connected to a session (the inspector shows it).
 */
import { randomUUID } from 'node:crypto';
import type { ForwardersPayload } from '../../../../shared/realtime.js';
import type { Cluster } from '../../realtime/cluster.js';
import type { HeldStreams } from '../../realtime/cluster-events.js';

export interface LocalStream {
  /** True when the client answers the events it gets (`hookbay forward --respond`). */
  responding: boolean;
  /** True for a forwarder's stream (`GET /api/stream`); waits register here too, and are not counted. */
  isForwarder?: boolean;
  /** The key the stream was opened with; null when the session id alone opened it. */
  keyId: string | null;
  /** A new event of the stream's session may be stored: read again. */
  poke(): void;
  /** Ends the stream: the server shuts down, or the access it was opened with ended. */
  close(reason?: StreamEnd): void;
}

/** Why the hub ends a stream. */
export type StreamEnd = 'shutdown' | 'access-ended';

export interface StreamHub {
  /**
   * Registers a stream. Resolves once the other instances know of it (or after the announce
   * timeout), so a capture they take afterwards pokes it; the answer removes it again, and
   * resolves once the others know it is gone.
   */
  open(sessionId: string, stream: LocalStream): Promise<() => Promise<void>>;
  /** A new event of the session was stored: its streams here and on the other instances read again. */
  stored(sessionId: string): void;
  /** Ends this instance's streams of the session opened with key `keyId` (null: by the session id alone). */
  closeStreams(sessionId: string, keyId: string | null): void;
  /** True while a `--respond` forwarder streams this session, on any instance. */
  hasResponder(sessionId: string): boolean;
  /** Clients' event streams open on this instance (metrics). */
  openCount(): number;
  /** The forwarders streaming this session now, on every instance. */
  forwarders(sessionId: string): ForwardersPayload;
  /** Ends every stream on this instance and stops announcing. */
  close(): void;
}

const REFRESH_MS = 10_000;
const EXPIRY_MS = 3 * REFRESH_MS;

interface RemoteStreams {
  streamed: Set<string>;
  responding: Set<string>;
  forwarders: Map<string, ForwardersPayload>;
  expiresAt: number;
}

/** An instance that announces no counts (an older version) has one forwarder per streamed session. */
function forwardersOf(held: HeldStreams): Map<string, ForwardersPayload> {
  if (held.forwarders) return new Map(Object.entries(held.forwarders));
  const responding = new Set(held.responding);
  return new Map(
    held.streamed.map((sessionId) => [
      sessionId,
      { count: 1, responding: responding.has(sessionId) ? 1 : 0 },
    ]),
  );
}

export function createStreamHub(cluster: Cluster, now: () => number = Date.now): StreamHub {
  const instanceId = randomUUID();
  const local = new Map<string, Set<LocalStream>>();
  const remote = new Map<string, RemoteStreams>();

  function localForwarders(sessionId: string): ForwardersPayload {
    const forwarders = [...(local.get(sessionId) ?? [])].filter((stream) => stream.isForwarder);
    return {
      count: forwarders.length,
      responding: forwarders.filter((stream) => stream.responding).length,
    };
  }

  function held(): HeldStreams {
    const responding = [...local].filter(([, streams]) => [...streams].some((stream) => stream.responding));
    const forwarders: Record<string, ForwardersPayload> = {};
    for (const sessionId of local.keys()) {
      const counted = localForwarders(sessionId);
      if (counted.count > 0) forwarders[sessionId] = counted;
    }
    return {
      instanceId,
      streamed: [...local.keys()],
      responding: responding.map(([sessionId]) => sessionId),
      forwarders,
    };
  }

  /** Forgets the other instances' announcements that have expired. */
  function dropExpired(): void {
    const at = now();
    for (const [id, streams] of remote) if (streams.expiresAt < at) remote.delete(id);
  }

  /** Asked on every capture: walks the announcements in place rather than copying them. */
  function isHeldElsewhere(pick: (streams: RemoteStreams) => Set<string>, sessionId: string): boolean {
    dropExpired();
    for (const streams of remote.values()) if (pick(streams).has(sessionId)) return true;
    return false;
  }

  function pokeLocal(sessionId: string): void {
    for (const stream of local.get(sessionId) ?? []) stream.poke();
  }

  cluster.onStreams((announced) => {
    if (announced.instanceId === instanceId) return;
    if (announced.streamed.length === 0) {
      remote.delete(announced.instanceId);
      return;
    }
    remote.set(announced.instanceId, {
      streamed: new Set(announced.streamed),
      responding: new Set(announced.responding),
      forwarders: forwardersOf(announced),
      expiresAt: now() + EXPIRY_MS,
    });
  });
  cluster.onPoke(pokeLocal);

  const refresh = setInterval(() => {
    if (local.size > 0) void cluster.announceStreams(held());
  }, REFRESH_MS);
  refresh.unref();

  return {
    async open(sessionId, stream) {
      const streams = local.get(sessionId) ?? new Set();
      local.set(sessionId, streams);
      streams.add(stream);
      await cluster.announceStreams(held());
      return async () => {
        if (!streams.delete(stream)) return;
        if (streams.size === 0 && local.get(sessionId) === streams) local.delete(sessionId);
        await cluster.announceStreams(held());
      };
    },
    stored(sessionId) {
      pokeLocal(sessionId);
      if (isHeldElsewhere((streams) => streams.streamed, sessionId)) cluster.pokeSession(sessionId);
    },
    closeStreams(sessionId, keyId) {
      for (const stream of [...(local.get(sessionId) ?? [])])
        if (stream.keyId === keyId) stream.close('access-ended');
    },
    hasResponder(sessionId) {
      for (const stream of local.get(sessionId) ?? []) if (stream.responding) return true;
      return isHeldElsewhere((streams) => streams.responding, sessionId);
    },
    openCount() {
      let count = 0;
      for (const streams of local.values()) for (const stream of streams) if (stream.isForwarder) count += 1;
      return count;
    },
    forwarders(sessionId) {
      const total = localForwarders(sessionId);
      dropExpired();
      for (const streams of remote.values()) {
        const counted = streams.forwarders.get(sessionId);
        if (!counted) continue;
        total.count += counted.count;
        total.responding += counted.responding;
      }
      return total;
    },
    close() {
      clearInterval(refresh);
      for (const streams of [...local.values()]) for (const stream of [...streams]) stream.close('shutdown');
    },
  };
}
