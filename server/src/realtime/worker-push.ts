/**
 * The live push between workers without a broadcast to all of them. Each worker tells the primary
 * which users it holds sockets of (as their rooms come and go), the primary tells every worker,
 * and an event for a user goes through the primary only to the workers that hold that user's
 * sockets, once each. A worker holding all of a user's sockets sends nothing at all.
 *
 * The pushes of one turn of the event loop (the events of one grouped write, say) travel as one
 * message to the primary and one from it to each holder: a message between processes costs a
 * system call and a wake-up on each side. A captured request travels as its id alone, and the
 * holder reads the stored event back (committed before it was published): passed whole, each
 * event was written and parsed as JSON twice on its way, the primary's share being most of its
 * work a capture. A holder handles the messages it receives one after the other, so its sockets
 * get the events in the order they were published.
 *
 * A socket is announced before its handshake completes (`announce`): the primary has told every
 * worker about it before the client hears it is connected, so an event published anywhere right
 * after a client connects still reaches it, as with Redis.
 */
import cluster from 'node:cluster';
import { userRoom, WEBHOOK_REQUEST, type ServerToClientEvents } from '../../../shared/realtime.js';
import type { WebhookEvent } from '../../../shared/webhooks.js';
import { toLocalSockets, type OtherWorkers } from './publisher.js';
import type { RealtimeServer } from './realtime-server.js';

const USER_ROOM_PREFIX = userRoom('');
const HOLDS = 'hookbay:holds';
const HOLDERS = 'hookbay:holders';
const PUSHES = 'hookbay:pushes';
const HELD = 'hookbay:held';
/** An announced socket that never joined (its client left mid-handshake) stops counting after this. */
const UNJOINED_AFTER_MS = 5000;
/** Past this an announcement is taken as made: a handshake never waits longer on the primary. */
const ANNOUNCE_WAIT_MS = 1000;

/** A worker says it now holds (or no longer holds) sockets of a user. */
interface Holds {
  type: typeof HOLDS;
  userId: string;
  holds: boolean;
  /** Set when the worker waits for the primary to have told every worker (HELD). */
  ref?: number;
}

/** The primary has told every worker of the holds numbered `ref`. */
interface Held {
  type: typeof HELD;
  ref: number;
}

/** The primary says which workers hold sockets of a user. */
interface Holders {
  type: typeof HOLDERS;
  userId: string;
  workers: number[];
}

/** An event for a user's sockets: whole, or (a captured request) the id it is stored under. */
type Push =
  | { userId: string; event: keyof ServerToClientEvents; args: unknown[] }
  | { userId: string; storedId: number };

/** The visible stored events among `ids`; one deleted since it was published is left out. */
export type StoredEventsReader = (ids: number[]) => Promise<WebhookEvent[]>;

/** Events for users' sockets, to the primary and from it to each other holder, in the order published. */
interface Pushes {
  type: typeof PUSHES;
  pushes: Push[];
}

function isCapture(event: keyof ServerToClientEvents, args: unknown[]): args is [WebhookEvent] {
  return event === WEBHOOK_REQUEST && args.length === 1;
}

function isMessage<T extends { type: string }>(message: unknown, type: T['type']): message is T {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}

/** In the primary: keeps who holds whom, tells every worker, and passes pushes on to the holders. */
export function relayUserPushes(): void {
  const holders = new Map<string, Set<number>>();
  const tell = (userId: string) => {
    const message: Holders = { type: HOLDERS, userId, workers: [...(holders.get(userId) ?? [])] };
    for (const worker of Object.values(cluster.workers ?? {})) worker?.send(message);
  };
  cluster.on('online', (worker) => {
    for (const [userId, workers] of holders) worker.send({ type: HOLDERS, userId, workers: [...workers] });
  });
  cluster.on('exit', (worker) => {
    for (const [userId, workers] of holders) {
      if (!workers.delete(worker.id)) continue;
      if (workers.size === 0) holders.delete(userId);
      tell(userId);
    }
  });
  cluster.on('message', (worker, message: unknown) => {
    if (isMessage<Holds>(message, HOLDS)) {
      const workers = holders.get(message.userId) ?? new Set<number>();
      if (message.holds) workers.add(worker.id);
      else workers.delete(worker.id);
      if (workers.size === 0) holders.delete(message.userId);
      else holders.set(message.userId, workers);
      tell(message.userId);
      if (message.ref !== undefined) worker.send({ type: HELD, ref: message.ref } satisfies Held);
      return;
    }
    if (!isMessage<Pushes>(message, PUSHES)) return;
    const byWorker = new Map<number, Push[]>();
    for (const push of message.pushes) {
      for (const id of holders.get(push.userId) ?? []) {
        if (id === worker.id) continue;
        const pushes = byWorker.get(id);
        if (pushes) pushes.push(push);
        else byWorker.set(id, [push]);
      }
    }
    for (const [id, pushes] of byWorker)
      cluster.workers?.[id]?.send({ type: PUSHES, pushes } satisfies Pushes);
  });
}

/** In a worker: reports its user rooms, delivers pushes from the others to its own sockets. */
export function startWorkerPush(
  io: RealtimeServer,
  readStored: StoredEventsReader,
  /** Told when events from the others could not be read or delivered (their listeners here miss them). */
  onError: (error: unknown) => void,
): OtherWorkers {
  const self = cluster.worker?.id;
  const holders = new Map<string, number[]>();
  const send = (message: Holds | Pushes) => process.send?.(message);
  let pending: Push[] = [];
  const flush = () => {
    send({ type: PUSHES, pushes: pending });
    pending = [];
  };
  const waiting = new Map<number, () => void>();
  let lastRef = 0;
  const userOf = (room: string) =>
    room.startsWith(USER_ROOM_PREFIX) ? room.slice(USER_ROOM_PREFIX.length) : null;
  const adapter = io.of('/').adapter;
  adapter.on('create-room', (room: string) => {
    const userId = userOf(room);
    if (userId !== null) send({ type: HOLDS, userId, holds: true });
  });
  adapter.on('delete-room', (room: string) => {
    const userId = userOf(room);
    if (userId !== null) send({ type: HOLDS, userId, holds: false });
  });
  let delivering = Promise.resolve();
  async function deliver(pushes: Push[]): Promise<void> {
    const ids = pushes.flatMap((push) => ('storedId' in push ? [push.storedId] : []));
    // A failed read loses the captured requests' live events (the list still shows them), not the
    // other events of the message.
    const read = await readStored(ids).catch((error: unknown) => {
      onError(error);
      return [];
    });
    const stored = new Map(read.map((event) => [event.id, event]));
    for (const push of pushes) {
      if ('args' in push) {
        // The events' own types were checked where they were published.
        toLocalSockets(io, push.userId, push.event, push.args as never);
        continue;
      }
      const event = stored.get(push.storedId);
      if (event) toLocalSockets(io, push.userId, WEBHOOK_REQUEST, [event]);
    }
  }
  process.on('message', (message: unknown) => {
    if (isMessage<Held>(message, HELD)) {
      waiting.get(message.ref)?.();
      return;
    }
    if (isMessage<Holders>(message, HOLDERS)) {
      if (message.workers.length === 0) holders.delete(message.userId);
      else holders.set(message.userId, message.workers);
      return;
    }
    if (!isMessage<Pushes>(message, PUSHES)) return;
    const { pushes } = message;
    // Caught, so that one failure does not stop the deliveries queued behind it.
    delivering = delivering.then(() => deliver(pushes)).catch(onError);
  });
  return {
    announce(userId) {
      if (holders.get(userId)?.includes(self ?? -1)) return Promise.resolve();
      const ref = ++lastRef;
      setTimeout(() => {
        if (!adapter.rooms.has(userRoom(userId))) send({ type: HOLDS, userId, holds: false });
      }, UNJOINED_AFTER_MS).unref();
      return new Promise((resolve) => {
        const done = () => {
          waiting.delete(ref);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(done, ANNOUNCE_WAIT_MS);
        waiting.set(ref, done);
        send({ type: HOLDS, userId, holds: true, ref });
      });
    },
    toOtherWorkers(userId, event, args) {
      const others = holders.get(userId)?.some((id) => id !== self);
      if (!others) return;
      if (pending.length === 0) setImmediate(flush);
      pending.push(isCapture(event, args) ? { userId, storedId: args[0].id } : { userId, event, args });
    },
  };
}
