/** Body limits of routes that take a captured body back, base64-encoded, inside a JSON document. */

/** Room for the rest of the JSON document around the body: URL, method, status, header lines. */
const JSON_OVERHEAD_BYTES = 64 * 1024;

/** The body limit for a JSON document carrying up to `bytes` bytes as base64. */
export function base64JsonLimit(bytes: number): number {
  return Math.ceil((bytes * 4) / 3) + JSON_OVERHEAD_BYTES;
}
