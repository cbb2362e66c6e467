import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { TRUNCATED_STUB_BYTES } from '../../../../shared/webhooks.js';
import { readBody, type BodyStream } from './read-body.js';

const KiB = 1024;

function bodyStream(chunks: Buffer[], contentLength?: number): BodyStream & { readBytes(): number } {
  let readBytes = 0;
  const stream = Readable.from(
    (function* () {
      for (const chunk of chunks) {
        readBytes += chunk.length;
        yield chunk;
      }
    })(),
  );
  return Object.assign(stream, {
    headers: contentLength === undefined ? {} : { 'content-length': String(contentLength) },
    readBytes: () => readBytes,
  });
}

function pieces(count: number, size: number): Buffer[] {
  return Array.from({ length: count }, (_, index) => Buffer.alloc(size, index % 256));
}

describe('readBody', () => {
  it('a body within the limit is read whole', async () => {
    const chunks = pieces(4, 256);
    const result = await readBody(bodyStream(chunks, 1024), 1024);
    expect(result).toEqual({ body: Buffer.concat(chunks), size: 1024, truncated: false, complete: true });
  });

  it('an empty body gives zero bytes', async () => {
    expect(await readBody(bodyStream([]), 1024)).toEqual({
      body: Buffer.alloc(0),
      size: 0,
      truncated: false,
      complete: true,
    });
  });

  it('a chunked body over the limit keeps a 64 KiB stub and drains the rest to count it', async () => {
    const chunks = pieces(30, 10 * KiB);
    const stream = bodyStream(chunks);
    const result = await readBody(stream, 1024);
    expect(result.truncated).toBe(true);
    expect(result.complete).toBe(true);
    expect(result.size).toBe(300 * KiB);
    expect(result.body.equals(Buffer.concat(chunks).subarray(0, TRUNCATED_STUB_BYTES))).toBe(true);
    expect(stream.readBytes()).toBe(300 * KiB);
  });

  it('a body declared over the limit is drained too and sized by what was sent', async () => {
    const chunks = pieces(10, 10 * KiB);
    const result = await readBody(bodyStream(chunks, 100 * KiB), 50 * KiB);
    expect(result).toMatchObject({ truncated: true, complete: true, size: 100 * KiB });
    expect(result.body.equals(Buffer.concat(chunks).subarray(0, TRUNCATED_STUB_BYTES))).toBe(true);
  });

  it('a limit larger than the stub still keeps only the stub of an oversized body', async () => {
    const chunks = pieces(20, 10 * KiB);
    const result = await readBody(bodyStream(chunks), 150 * KiB);
    expect(result).toMatchObject({ truncated: true, complete: true, size: 200 * KiB });
    expect(result.body.length).toBe(TRUNCATED_STUB_BYTES);
  });

  it('a body declared larger than the drain limit stops after the stub and is not complete', async () => {
    const chunks = pieces(100, 10 * KiB);
    const stream = bodyStream(chunks, 1000 * KiB);
    const result = await readBody(stream, 1024, 200 * KiB);
    expect(result).toMatchObject({ truncated: true, complete: false, size: 1000 * KiB });
    expect(result.body.equals(Buffer.concat(chunks).subarray(0, TRUNCATED_STUB_BYTES))).toBe(true);
    expect(stream.readBytes()).toBeLessThan(200 * KiB);
    stream.destroy();
  });

  it('a chunked body running past the drain limit stops there and is not complete', async () => {
    const chunks = pieces(100, 10 * KiB);
    const stream = bodyStream(chunks);
    const result = await readBody(stream, 1024, 200 * KiB);
    expect(result).toMatchObject({ truncated: true, complete: false, size: 210 * KiB });
    expect(result.body.length).toBe(TRUNCATED_STUB_BYTES);
    expect(stream.readBytes()).toBeLessThan(300 * KiB);
    stream.destroy();
  });

  it('a stream error rejects', async () => {
    const stream = Object.assign(new Readable({ read() {} }), { headers: {} });
    const reading = readBody(stream, 1024);
    stream.push(Buffer.from('partial'));
    stream.destroy(new Error('socket hang up'));
    await expect(reading).rejects.toThrow('socket hang up');
  });

  it('a stream closed before its end rejects instead of hanging', async () => {
    const stream = Object.assign(new Readable({ read() {} }), { headers: {} });
    const reading = readBody(stream, 1024);
    stream.push(Buffer.from('partial'));
    stream.destroy();
    await expect(reading).rejects.toThrow('closed before its body ended');
  });
});
