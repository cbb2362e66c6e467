/** The type of Hookbay's Socket.IO server: the events to and from browsers and between instances. */
import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../shared/realtime.js';
import type { Identity } from '../http/identity.js';
import type { ClusterEvents } from './cluster-events.js';

export interface SocketData {
  userId: string;
  /** How the handshake was identified: a key, a public session's id, or a private session's id (no room). */
  identity: Identity;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, ClusterEvents, SocketData>;
