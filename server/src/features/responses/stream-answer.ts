/**
 * Streamed answers go out through Fastify like any other (so the sandbox headers of every capture
 * answer apply): the body is a readable stream that writes each event or chunk after its pause,
 * and ends early when the sender goes away.
 */
import { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { sseEventText, type ResponseStream } from '../../../../shared/response-streams.js';

/** The stream with its texts as this capture gets them (templates evaluated). */
export function withTexts(stream: ResponseStream, texts: readonly string[]): ResponseStream {
  return stream.kind === 'sse'
    ? { kind: 'sse', events: stream.events.map((event, index) => ({ ...event, data: texts[index] ?? '' })) }
    : {
        kind: 'chunks',
        chunks: stream.chunks.map((chunk, index) => ({ ...chunk, body: texts[index] ?? '' })),
      };
}

/** Each part of the stream as bytes, with the pause before it. */
function partsOf(stream: ResponseStream): { bytes: Buffer; delayMs: number }[] {
  if (stream.kind === 'sse') {
    return stream.events.map(({ delayMs, ...event }) => ({
      bytes: Buffer.from(sseEventText(event), 'utf8'),
      delayMs,
    }));
  }
  return stream.chunks.map((chunk) => ({ bytes: Buffer.from(chunk.body, 'utf8'), delayMs: chunk.delayMs }));
}

/** Sends the head at once, then each part after its pause; the reply's status and headers are already set. */
export function sendStream(reply: FastifyReply, stream: ResponseStream): FastifyReply {
  if (stream.kind === 'sse') {
    reply.type('text/event-stream; charset=utf-8');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
  } else if (!reply.hasHeader('content-type')) {
    reply.type('text/plain; charset=utf-8');
  }
  const parts = partsOf(stream);
  const abort = new AbortController();
  reply.raw.once('close', () => abort.abort());
  async function* write() {
    // Fastify has written the head by the time the body is read; it goes out before the first pause.
    reply.raw.flushHeaders();
    for (const part of parts) {
      if (part.delayMs > 0) await delay(part.delayMs, undefined, { signal: abort.signal });
      // An empty chunk would end a chunked body early on the wire; there is nothing to send anyway.
      if (part.bytes.length > 0) yield part.bytes;
    }
  }
  const body = Readable.from(write());
  // A sender that leaves mid-stream aborts the pause; that is not an error of the server.
  body.on('error', () => undefined);
  return reply.send(body);
}
