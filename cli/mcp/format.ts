/** Captured requests as the MCP tools hand them to an agent: short summaries, or whole with their body. */
import { PROVIDER_LABELS, recogniseWebhook } from '../../shared/providers.js';
import type { WebhookEvent } from '../../shared/webhooks.js';

const PREVIEW_CHARS = 200;

/** "GitHub push.opened", or null for a request no known service sent. */
function senderOf(event: WebhookEvent): string | null {
  const origin = recogniseWebhook(event.headers, event.payload);
  if (!origin.provider) return null;
  const label = PROVIDER_LABELS[origin.provider];
  return origin.eventType ? `${label} ${origin.eventType}` : label;
}

function pathWithQuery(event: WebhookEvent): string {
  return event.queryString ? `${event.path}?${event.queryString}` : event.path;
}

/** The text of a body for an agent, cut at `limit` characters; binary bodies stay base64. */
function bodyText(event: WebhookEvent, limit: number): { body: string; note?: string } {
  const notes: string[] = [];
  if (event.truncated) notes.push(`the sender sent ${event.size} bytes; Hookbay kept only the start`);
  else if (event.bodyCut) notes.push(`the body is ${event.size} bytes; this is its start`);
  let body = event.body;
  if (body.length > limit) {
    body = body.slice(0, limit);
    notes.push(`cut at ${limit} characters here: read_request gives more`);
  }
  return notes.length > 0 ? { body, note: notes.join('; ') } : { body };
}

/** One line's worth of a request, for lists. */
export function summarize(event: WebhookEvent) {
  const preview =
    event.bodyEncoding === 'base64'
      ? `(binary, ${event.size} bytes)`
      : event.body.length > PREVIEW_CHARS
        ? `${event.body.slice(0, PREVIEW_CHARS)}…`
        : event.body;
  return {
    id: event.id,
    time: event.timestamp,
    method: event.method,
    path: pathWithQuery(event),
    contentType: event.contentType,
    size: event.size,
    answeredWith: event.response?.status ?? null,
    sender: senderOf(event),
    bodyPreview: preview,
  };
}

/** The whole request: every header line in order, the body (cut at `bodyLimit` characters), the answer. */
export function describeEvent(event: WebhookEvent, webhookUrl: string, bodyLimit = Infinity) {
  const { body, note } = bodyText(event, bodyLimit);
  return {
    id: event.id,
    time: event.timestamp,
    method: event.method,
    url: `${webhookUrl}${event.path === '/' ? '' : event.path}${event.queryString ? `?${event.queryString}` : ''}`,
    path: event.path,
    query: event.queryParams,
    headers: event.rawHeaders,
    contentType: event.contentType,
    size: event.size,
    bodyEncoding: event.bodyEncoding,
    body,
    ...(note ? { bodyNote: note } : {}),
    sender: senderOf(event),
    ip: event.ip,
    userAgent: event.userAgent,
    answered: event.response ?? null,
  };
}
