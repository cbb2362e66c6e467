import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { TRUNCATED_STUB_BYTES } from '../../../../shared/webhooks.js';

/**
 * How far past the capture limit an oversized body is still read (and thrown away) so that the
 * sender gets the 413 answer.
 *
 * Answering while the sender is still uploading and then closing the connection is not reliable:
 * closing a socket with unread data in it makes the kernel send a reset, and a client that only
 * reads the answer after it has written its whole body (many webhook senders do) then gets EPIPE
 * or ECONNRESET instead of the 413, and the reset can even discard an answer that had already
 * arrived. So, like nginx's lingering close, the rest of the body is drained: nothing past the
 * stub is kept, memory stays bounded, and once the body has ended the answer is read normally
 * (and the connection can even be reused). Draining costs bandwidth, so it has a hard cap: a body
 * larger than the limit plus this much (declared up front, or found while reading) is not
 * drained; it is answered at once and the connection is closed, which is the best that can be
 * done for it.
 */
export const DRAIN_EXTRA_BYTES = 64 * 1024 * 1024;

export interface ReadBody {
  body: Buffer;
  /** Bytes the sender sent or declared, whichever is larger. */
  size: number;
  /** True when the body was over the limit: only its first TRUNCATED_STUB_BYTES are kept. */
  truncated: boolean;
  /**
   * False when reading stopped before the end of the body (it was over the drain cap); the
   * rest is left unread, so the caller must close the connection.
   */
  complete: boolean;
}

/** The request stream; only its Content-Length header is looked at. */
export type BodyStream = Readable & { headers: IncomingHttpHeaders };

/**
 * Reads a request body as raw bytes, up to `limit`. A body over the limit keeps only a stub of
 * its first TRUNCATED_STUB_BYTES; the rest is read and discarded (see DRAIN_EXTRA_BYTES), up to
 * `drainLimit` bytes in all. Rejects when the stream fails or closes before the body ends.
 */
export function readBody(
  stream: BodyStream,
  limit: number,
  drainLimit: number = limit + DRAIN_EXTRA_BYTES,
): Promise<ReadBody> {
  const declared = Number(stream.headers['content-length'] ?? Number.NaN);
  const hasDeclared = Number.isFinite(declared);
  const isDeclaredUndrainable = hasDeclared && declared > drainLimit;

  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let kept = 0;
    let received = 0;
    let truncated = hasDeclared && declared > limit;
    let settled = false;

    function stopListening(): void {
      settled = true;
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    }
    function finish(complete: boolean): void {
      stopListening();
      if (!complete) stream.pause();
      resolve({
        body: Buffer.concat(chunks, kept),
        size: hasDeclared ? Math.max(declared, received) : received,
        truncated,
        complete,
      });
    }
    function keep(chunk: Buffer): void {
      chunks.push(chunk);
      kept += chunk.length;
    }
    function onData(chunk: Buffer): void {
      received += chunk.length;
      if (!truncated) {
        keep(chunk);
        if (received <= limit) return;
        truncated = true;
        // Only the stub is kept from here on; copy it out so the rest can be freed.
        kept = Math.min(kept, TRUNCATED_STUB_BYTES);
        chunks = [Buffer.concat(chunks, kept)];
      } else if (kept < TRUNCATED_STUB_BYTES) {
        keep(chunk.subarray(0, TRUNCATED_STUB_BYTES - kept));
      }
      const hasStub = kept >= TRUNCATED_STUB_BYTES;
      if (received > drainLimit || (isDeclaredUndrainable && hasStub)) finish(false);
    }
    function onEnd(): void {
      finish(true);
    }
    function onError(error: Error): void {
      stopListening();
      reject(error);
    }
    function onClose(): void {
      if (settled) return;
      stopListening();
      reject(new Error('The request was closed before its body ended.'));
    }

    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}
