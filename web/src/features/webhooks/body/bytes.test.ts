import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  eventBodyBytes,
  formatBytes,
  latin1OrUtf8Bytes,
  utf8Decode,
  utf8DecodeStrict,
  utf8Encode,
} from './bytes';

describe('base64ToBytes', () => {
  it('decodes standard base64 with and without padding', () => {
    expect(Array.from(base64ToBytes('AAH/gA=='))).toEqual([0, 1, 255, 128]);
    expect(Array.from(base64ToBytes('aGk'))).toEqual([104, 105]);
    expect(base64ToBytes('')).toHaveLength(0);
  });

  it('matches Buffer on random data and skips whitespace', () => {
    const data = Uint8Array.from({ length: 1000 }, (_, i) => (i * 7919) % 256);
    const encoded = btoa(String.fromCharCode(...data));
    expect(base64ToBytes(encoded)).toEqual(data);
    expect(base64ToBytes(encoded.replace(/(.{76})/g, '$1\r\n'))).toEqual(data);
  });
});

describe('utf8', () => {
  it('round-trips text', () => {
    expect(utf8Decode(utf8Encode('héllo ☃ 😀'))).toBe('héllo ☃ 😀');
  });

  it('tells text from binary', () => {
    expect(utf8DecodeStrict(Uint8Array.from([0x68, 0x69]))).toBe('hi');
    expect(utf8DecodeStrict(Uint8Array.from([0xff, 0x00]))).toBeNull();
  });

  it('forgives a character split by a cut only when asked', () => {
    const cut = utf8Encode('ab☃').subarray(0, 4);
    expect(utf8DecodeStrict(cut)).toBeNull();
    expect(utf8DecodeStrict(cut, true)).toBe('ab');
  });
});

describe('eventBodyBytes', () => {
  it('reads utf8 and base64 bodies', () => {
    expect(Array.from(eventBodyBytes({ body: 'é', bodyEncoding: 'utf8' }))).toEqual([0xc3, 0xa9]);
    expect(Array.from(eventBodyBytes({ body: 'AP8=', bodyEncoding: 'base64' }))).toEqual([0, 255]);
  });
});

describe('latin1OrUtf8Bytes', () => {
  it('treats characters up to U+00FF as single bytes', () => {
    expect(Array.from(latin1OrUtf8Bytes('é'))).toEqual([0xe9]);
    expect(Array.from(latin1OrUtf8Bytes('☃'))).toEqual([0xe2, 0x98, 0x83]);
  });
});

describe('formatBytes', () => {
  it('uses binary units', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(64 * 1024)).toBe('64 KiB');
    expect(formatBytes(1024 * 1024)).toBe('1 MiB');
    expect(formatBytes(1536 * 1024)).toBe('1.5 MiB');
  });
});
