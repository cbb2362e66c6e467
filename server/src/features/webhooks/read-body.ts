import type { IncomingMessage } from 'node:http';
import { TRUNCATED_STUB_BYTES } from '../../../../shared/webhooks.js';

export interface ReadBody {
  body: Buffer;
  /** Bytes the sender sent or declared. */
  size: number;
  /** True when the body was over the limit: only its first TRUNCATED_STUB_BYTES are kept. */
  truncated: boolean;
}

/**
 * Reads a request body as raw bytes, up to `limit`. Past the limit it stops reading (leaving
 * the rest unread, so the caller should close the connection) and keeps a stub of the start.
 * A declared Content-Length over the limit is refused after reading only the stub.
 */
export function readBody(stream: IncomingMessage, limit: number): Promise<ReadBody> {
  const declared = Number(stream.headers['content-length'] ?? Number.NaN);
  const isDeclaredTooBig = Number.isFinite(declared) && declared > limit;
  const stopAfter = isDeclaredTooBig ? TRUNCATED_STUB_BYTES : limit;

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;

    function finish(isOverLimit: boolean): void {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      const all = Buffer.concat(chunks, Math.min(received, isOverLimit ? TRUNCATED_STUB_BYTES : received));
      if (isOverLimit) stream.pause();
      resolve({
        body: all,
        size: isDeclaredTooBig ? Math.max(declared, received) : received,
        truncated: isOverLimit,
      });
    }
    function onData(chunk: Buffer): void {
      received += chunk.length;
      chunks.push(chunk);
      if (received > stopAfter) finish(true);
    }
    function onEnd(): void {
      finish(isDeclaredTooBig);
    }
    function onError(error: Error): void {
      stream.off('data', onData);
      stream.off('end', onEnd);
      reject(error);
    }

    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}
