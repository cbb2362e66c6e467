/**
 * Byte-level helpers for request bodies: the API sends a body either as UTF-8 text or as base64,
 * and the views need the exact bytes (multipart boundaries, hex dumps, cURL) as well as text.
 */
import type { WebhookEvent } from '../../../../../shared/webhooks';

const BASE64_VALUES = (() => {
  const table = new Int16Array(128).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  // The URL-safe alphabet costs nothing to accept and avoids surprises.
  table['-'.charCodeAt(0)] = 62;
  table['_'.charCodeAt(0)] = 63;
  return table;
})();

/**
 * Decodes base64 to bytes. Tolerant: whitespace, padding and any stray character are skipped
 * rather than thrown on, because a damaged body should still be shown as far as it goes.
 */
export function base64ToBytes(base64: string): Uint8Array {
  const out = new Uint8Array(Math.floor((base64.length * 3) / 4));
  let length = 0;
  let buffer = 0;
  let bits = 0;
  for (let i = 0; i < base64.length; i++) {
    const code = base64.charCodeAt(i);
    const value = code < 128 ? (BASE64_VALUES[code] ?? -1) : -1;
    if (value < 0) continue;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[length++] = (buffer >> bits) & 0xff;
    }
  }
  return out.subarray(0, length);
}

/** Encodes bytes as standard base64 with padding. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const utf8Encoder = new TextEncoder();
const lenientDecoder = new TextDecoder('utf-8');
const strictDecoder = new TextDecoder('utf-8', { fatal: true });

/** Encodes text as UTF-8 bytes. */
export function utf8Encode(text: string): Uint8Array {
  return utf8Encoder.encode(text);
}

/** Decodes UTF-8, replacing invalid sequences with U+FFFD (for display, never throws). */
export function utf8Decode(bytes: Uint8Array): string {
  return lenientDecoder.decode(bytes);
}

/**
 * Decodes UTF-8 strictly: null when the bytes are not valid UTF-8 (so they should be shown as binary).
 * With `cutEnd`, the bytes are the start of a longer body: a character split by the cut is dropped
 * instead of making the whole text count as binary.
 */
export function utf8DecodeStrict(bytes: Uint8Array, cutEnd = false): string | null {
  try {
    // A streaming decoder holds back an incomplete final sequence instead of failing on it.
    return cutEnd
      ? new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true })
      : strictDecoder.decode(bytes);
  } catch {
    return null;
  }
}

/** The exact bytes of the body the event carries (which is all of it only when not cut or truncated). */
export function eventBodyBytes(event: Pick<WebhookEvent, 'body' | 'bodyEncoding'>): Uint8Array {
  return event.bodyEncoding === 'base64' ? base64ToBytes(event.body) : utf8Encode(event.body);
}

/**
 * Bytes of a string that came from an HTTP request line or header. Node decodes those as latin1, so a
 * character up to U+00FF stands for one byte; anything above cannot come from there and is sent as UTF-8.
 */
export function latin1OrUtf8Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0xff) return utf8Encode(text);
    out[i] = code;
  }
  return out;
}

/** Human size: "512 bytes", "4 KiB", "1.5 MiB". */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} ${size === 1 ? 'byte' : 'bytes'}`;
  const units = ['KiB', 'MiB', 'GiB'];
  let value = size / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
