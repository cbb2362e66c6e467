/**
 * Faults: scripted responses that are not answers but act on the connection itself, once the
 * event is stored. The reply is hijacked, so Fastify writes nothing more: `reset` resets the
 * connection before any byte, `close` sends a head and part of the body and closes, and `timeout`
 * sends nothing and holds the connection until the sender gives up (or FAULT_HOLD_MS passes, or
 * the server shuts down).
 */
import type { Socket } from 'node:net';
import type { FastifyReply } from 'fastify';
import type { ResponseFault } from '../../../../shared/responses.js';
import { SANDBOX_POLICY } from '../webhooks/answer-sandbox.js';

/** The longest a `timeout` fault holds a connection. */
export const FAULT_HOLD_MS = 5 * 60_000;

/** The body a `close` fault announces in full and sends only the start of. */
const CLOSE_BODY =
  '{"ok":false,"error":"Hookbay closed this connection before the body ended, as a rule asked."}';
const CLOSE_SENT_BYTES = 16;

export interface HeldConnections {
  /** Holds the socket open, writing nothing, until it closes or `holdMs` passes. */
  hold(socket: Socket): void;
  /** How many are held now. */
  count(): number;
  /** Closes every held connection (the server is shutting down). */
  closeAll(): void;
}

export function createHeldConnections(holdMs = FAULT_HOLD_MS): HeldConnections {
  const held = new Set<Socket>();
  return {
    hold(socket) {
      held.add(socket);
      // The server's own idle cut would otherwise end the hold early; this one ends it on time.
      socket.setTimeout(holdMs + 60_000);
      const timer = setTimeout(() => socket.destroy(), holdMs);
      socket.once('close', () => {
        clearTimeout(timer);
        held.delete(socket);
      });
    },
    count: () => held.size,
    closeAll() {
      for (const socket of held) socket.destroy();
    },
  };
}

/** Acts out the fault on the capture's connection instead of answering. */
export function actOutFault(reply: FastifyReply, fault: ResponseFault, held: HeldConnections): FastifyReply {
  reply.hijack();
  const raw = reply.raw;
  const socket = raw.socket;
  if (!socket || socket.destroyed) return reply;
  switch (fault) {
    case 'reset':
      // Only a real TCP socket can send a reset (an in-process test request has none).
      if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
      else socket.destroy();
      break;
    case 'close':
      raw.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(CLOSE_BODY)),
        'content-security-policy': SANDBOX_POLICY,
        'x-content-type-options': 'nosniff',
      });
      // The head goes out even when no body may follow (an answer to HEAD).
      raw.flushHeaders();
      raw.write(CLOSE_BODY.slice(0, CLOSE_SENT_BYTES), () => socket.destroy());
      break;
    case 'timeout':
      held.hold(socket);
      break;
  }
  return reply;
}
