/** "Copy as JavaScript": a `fetch` call (browser or Node 18+, as an ES module) that sends the captured request again. */
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { bodyFileNote, replayRequest, type ReplayBody } from './replay-request';

/** JSON string literals are JavaScript string literals too (since ES2019, U+2028 included). */
const js = (text: string): string => JSON.stringify(text);

function bodyExpression(body: ReplayBody): string | null {
  switch (body.kind) {
    case 'none':
      return null;
    // Bytes rather than a string, so fetch adds no Content-Type of its own.
    case 'text':
      return `new TextEncoder().encode(${js(body.text)})`;
    case 'binary':
      return `Uint8Array.from(atob(${js(body.base64)}), (c) => c.charCodeAt(0))`;
    case 'file':
      return `await (await import('node:fs/promises')).readFile('body.bin')`;
  }
}

/**
 * Builds a `fetch` call that re-sends `event`: method, URL, headers in order (minus hop-by-hop ones, Host
 * and Content-Length) and the exact body bytes. fetch itself joins a repeated header into one line, adds
 * defaults of its own (User-Agent, Accept, …) and refuses a body on GET or HEAD, which the snippet then leaves
 * out, saying so.
 */
export function toFetch(event: WebhookEvent, webhookUrl: string, bodyDownloadUrl?: string): string {
  const request = replayRequest(event, webhookUrl);
  const lines: string[] = [];
  if (request.body.kind === 'file') lines.push(`// ${bodyFileNote(bodyDownloadUrl)}`);
  const method = request.method.toUpperCase();
  const body = bodyExpression(request.body);
  const dropsBody = body !== null && (method === 'GET' || method === 'HEAD');
  if (dropsBody) lines.push(`// fetch cannot send a body with ${method}; the original body is left out.`);
  lines.push(`const response = await fetch(${js(request.url)}, {`, `  method: ${js(request.method)},`);
  if (request.headers.length > 0) {
    lines.push('  headers: [');
    for (const [name, value] of request.headers) lines.push(`    [${js(name)}, ${js(value)}],`);
    lines.push('  ],');
  }
  if (body !== null && !dropsBody) lines.push(`  body: ${body},`);
  lines.push('});', 'console.log(response.status, await response.text());');
  return lines.join('\n');
}
