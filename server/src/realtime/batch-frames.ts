/**
 * While a WebSocket is busy, Engine.IO queues a user's packets and then sends the queue in one go;
 * ws writes each of those frames with a system call of its own. Corking the TCP socket around the
 * queue's send makes it one write: under load (many captures or clicks pushed to one listener)
 * the frame writes cost as much as the HTTP answers. The frames and their order are unchanged.
 */
import type { Socket as NetSocket } from 'node:net';
import type { RealtimeServer } from './realtime-server.js';

interface EngineTransport {
  name: string;
  send(packets: unknown[]): void;
  /** The ws WebSocket of a websocket transport; its `_socket` is the TCP socket. */
  socket?: { _socket?: NetSocket };
}

function batchSends(transport: EngineTransport): void {
  const tcp = transport.name === 'websocket' ? transport.socket?._socket : undefined;
  if (!tcp || typeof tcp.cork !== 'function') return;
  const send = transport.send.bind(transport);
  transport.send = (packets) => {
    tcp.cork();
    try {
      send(packets);
    } finally {
      tcp.uncork();
    }
  };
}

export function batchWebSocketFrames(io: RealtimeServer): void {
  io.engine.on(
    'connection',
    (socket: {
      transport: EngineTransport;
      on: (event: 'upgrade', listener: (transport: EngineTransport) => void) => void;
    }) => {
      batchSends(socket.transport);
      socket.on('upgrade', batchSends);
    },
  );
}
