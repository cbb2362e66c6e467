/**
 * One open `text/event-stream` answer. It keeps a cursor (the newest event id sent) and, when
 * poked, reads the session's visible events after it, oldest first, and sends them. Ids of a
 * session are committed in increasing order, so reading "after the cursor" never skips an event
 * that becomes visible later. Pokes that come while a read runs only ask for one more read.
 */
import type { ServerResponse } from 'node:http';
import { WEBHOOK_REQUEST } from '../../../../shared/realtime.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';

const STREAM_READ_LIMIT = 100;

interface EventStreamOptions {
  /** Up to `limit` visible events with ids above `after`, oldest first. */
  readAfter(after: number, limit: number): Promise<WebhookEvent[]>;
  /** Id of the newest event the client already has. */
  cursor: number;
  keepAliveMs: number;
  /** A read failed: the stream is ended (the client reconnects with Last-Event-ID). */
  onError(error: unknown): void;
}

export interface EventStream {
  poke(): void;
  close(): void;
}

/** The SSE frame of one event. */
function eventFrame(event: WebhookEvent): string {
  return `id: ${event.id}\nevent: ${WEBHOOK_REQUEST}\ndata: ${JSON.stringify(event)}\n\n`;
}

export function startEventStream(raw: ServerResponse, options: EventStreamOptions): EventStream {
  let cursor = options.cursor;
  let isReading = false;
  let readAgain = false;
  let isClosed = raw.destroyed;

  /** Waits for the socket to take more when its buffer is full, so a slow client holds little memory. */
  function write(text: string): Promise<void> | null {
    if (raw.write(text)) return null;
    return new Promise((resolve) => {
      const done = () => {
        raw.off('drain', done);
        raw.off('close', done);
        resolve();
      };
      raw.on('drain', done);
      raw.on('close', done);
    });
  }

  async function sendNewer(): Promise<void> {
    for (;;) {
      const events = await options.readAfter(cursor, STREAM_READ_LIMIT);
      for (const event of events) {
        if (isClosed) return;
        cursor = event.id;
        await write(eventFrame(event));
      }
      if (events.length < STREAM_READ_LIMIT) return;
    }
  }

  async function read(): Promise<void> {
    isReading = true;
    try {
      do {
        readAgain = false;
        await sendNewer();
      } while (readAgain && !isClosed);
    } catch (error) {
      options.onError(error);
      close();
    } finally {
      isReading = false;
    }
  }

  function poke(): void {
    if (isClosed) return;
    if (isReading) readAgain = true;
    else void read();
  }

  // Proxies close quiet connections; each keep-alive also reads again, which repairs a poke
  // lost while the instances could not reach each other.
  const keepAlive = setInterval(() => {
    void write(': keep-alive\n\n');
    poke();
  }, options.keepAliveMs);

  function close(): void {
    if (isClosed) return;
    isClosed = true;
    clearInterval(keepAlive);
    raw.end();
  }
  raw.on('close', () => {
    isClosed = true;
    clearInterval(keepAlive);
  });
  if (isClosed) clearInterval(keepAlive);

  return { poke, close };
}
