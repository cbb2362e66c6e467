/**
 * Signing the Standard Webhooks way, the other side of verify.ts: `webhook-signature` is
 * `v1,` and the base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}", keyed with the
 * bytes the `whsec_` secret carries. The HMAC is injected, as for checking.
 */
import { bytesToBase64, concatBytes, utf8Bytes } from './encoding.js';
import { standardWebhooksKey } from './schemes.js';
import type { HmacFunction } from './verify.js';

/** The three headers that sign `body`; null when the secret is not a Standard Webhooks secret. */
export function standardWebhooksHeaders(
  hmac: HmacFunction,
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: Uint8Array,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> | null {
  const key = standardWebhooksKey(secret);
  if (!key) return null;
  const timestamp = String(timestampSeconds);
  const digest = hmac('SHA-256', key, concatBytes(utf8Bytes(`${messageId}.${timestamp}.`), body));
  return {
    'webhook-id': messageId,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${bytesToBase64(digest)}`,
  };
}
