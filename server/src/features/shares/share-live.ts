/**
 * Share-link pages kept live without any request's content: viewers connect to their own
 * namespace (SHARED_NAMESPACE) with the link's token, sit in a room of the inspector they look at
 * and one of their link, and hear only `shared-changed` (no payload), at most once a second per
 * inspector; the page then reads the link's redacted API again. A revoked link's viewers are
 * disconnected on every instance (through the Socket.IO adapter, like every room).
 */
import type { Namespace } from 'socket.io';
import { SHARED_CHANGED, SHARED_NAMESPACE, type SharedViewerEvents } from '../../../../shared/realtime.js';
import { HttpError } from '../../http/errors.js';
import type { Publisher } from '../../realtime/publisher.js';
import type { RealtimeServer } from '../../realtime/realtime-server.js';
import type { SharesService } from './shares.service.js';

/** One note at once, then at most one more per this interval while the inspector keeps changing. */
export const SHARED_NOTE_INTERVAL_MS = 1000;
const UNAVAILABLE = 'The share link cannot be checked right now. Please try again in a moment.';

type SharedNamespace = Namespace<
  Record<string, never>,
  SharedViewerEvents,
  Record<string, never>,
  { rooms: string[] }
>;

const inspectorRoom = (userId: string) => `inspector:${userId}`;
const linkRoom = (shareId: string) => `link:${shareId}`;

export interface ShareLive {
  /** A publisher that also notes the viewers of the user's share links on each event it sends. */
  noting(publisher: Publisher): Publisher;
  /** Admits viewers whose token opens a working link. */
  admit(shares: Pick<SharesService, 'open'>): void;
  /** Disconnects the viewers of a revoked link, on every instance. */
  ended(shareId: string): void;
  close(): void;
}

export function createShareLive(io: RealtimeServer): ShareLive {
  // The namespace's events are its own, not the main namespace's.
  const viewers = io.of(SHARED_NAMESPACE) as unknown as SharedNamespace;
  const windows = new Map<string, { again: boolean; timer: NodeJS.Timeout }>();

  function note(userId: string): void {
    const open = windows.get(userId);
    if (open) {
      open.again = true;
      return;
    }
    viewers.to(inspectorRoom(userId)).emit(SHARED_CHANGED);
    const window = { again: false, timer: setTimeout(close, SHARED_NOTE_INTERVAL_MS).unref() };
    windows.set(userId, window);
    function close() {
      if (!window.again) return void windows.delete(userId);
      window.again = false;
      viewers.to(inspectorRoom(userId)).emit(SHARED_CHANGED);
      window.timer = setTimeout(close, SHARED_NOTE_INTERVAL_MS).unref();
    }
  }

  return {
    noting(publisher) {
      return {
        toUser(userId, event, ...args) {
          publisher.toUser(userId, event, ...args);
          note(userId);
        },
      };
    },
    admit(shares) {
      viewers.use((socket, next) => {
        const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
        shares.open(typeof token === 'string' ? token : '').then(
          (share) => {
            socket.data.rooms = [inspectorRoom(share.user.id), linkRoom(share.row.id)];
            next();
          },
          (error: unknown) => next(new Error(error instanceof HttpError ? error.message : UNAVAILABLE)),
        );
      });
      viewers.on('connection', (socket) => void socket.join(socket.data.rooms));
    },
    ended(shareId) {
      viewers.in(linkRoom(shareId)).disconnectSockets(true);
    },
    close() {
      for (const { timer } of windows.values()) clearTimeout(timer);
      windows.clear();
    },
  };
}
