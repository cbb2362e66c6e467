/** Captured requests as the MCP tools hand them to an agent: short summaries, or whole with their body. */
import { PROVIDER_LABELS, recogniseWebhook } from '../../shared/providers.js';
import type { EventVerdicts } from '../../shared/verdicts.js';
import type { WebhookEvent } from '../../shared/webhooks.js';

const PREVIEW_CHARS = 200;
/** A list row names this many of a failed contract's violations; read_request gives them all. */
const LIST_VIOLATIONS = 3;

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

/** How the tools that hand out requests describe their verdicts to the agent. */
export const VERDICTS_DESCRIPTION = `Each request's "verdicts" say what Hookbay judged when it arrived ({} when nothing judged it). "signature", when one of the session's signing secrets covers the path: {"status": "valid", "secretName", "scheme"}, or {"status": "invalid", "secretName", "scheme", "reason", "message"} with reason "signature" (wrong signature), "timestamp" (outside the tolerance) or "missing" (no signature header). "contract", when one of the session's contracts covers a JSON body: {"status": "pass", "contractName"}, or {"status": "fail", "contractName", "violations": [{"pointer", "expected", "actual", "message"}]}; a list names the first ${LIST_VIOLATIONS} violations.`;

/** The verdicts for a list row: as stored, but a failed contract names only its first violations. */
function listVerdicts(verdicts: EventVerdicts) {
  const { contract } = verdicts;
  if (contract?.status !== 'fail' || contract.violations.length <= LIST_VIOLATIONS) return verdicts;
  return {
    ...verdicts,
    contract: {
      ...contract,
      violations: contract.violations.slice(0, LIST_VIOLATIONS),
      violationsNote: `${contract.violations.length} violations in all: read_request lists every one`,
    },
  };
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
    verdicts: listVerdicts(event.verdicts),
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
    verdicts: event.verdicts,
    ip: event.ip,
    userAgent: event.userAgent,
    answered: event.response ?? null,
  };
}
