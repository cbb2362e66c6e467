/**
 * The Replay form as pure data: what it starts with for an event, and the request body it sends.
 * Only what the user changed is sent; the rest the server takes from the stored request, so the
 * body goes out byte for byte even when the page holds only its preview.
 */
import { isSetByConnection } from '../../../../../shared/hop-by-hop';
import type { HeaderPairs, ReplayBody } from '../../../../../shared/replay';
import { displayMethod, type WebhookEvent } from '../../../../../shared/webhooks';

export interface ReplayDraft {
  url: string;
  method: string;
  headers: HeaderPairs;
  body: string;
}

/** The form for `event`, sending to `url`: its method, the headers it would copy, its body. */
export function draftFromEvent(event: WebhookEvent, url: string): ReplayDraft {
  return {
    url,
    method: displayMethod(event.method),
    headers: event.rawHeaders.filter(([name]) => !isSetByConnection(name)),
    body: event.body,
  };
}

function sameHeaders(a: HeaderPairs, b: HeaderPairs): boolean {
  return (
    a.length === b.length &&
    a.every(([name, value], index) => b[index]?.[0] === name && b[index]?.[1] === value)
  );
}

/** The body of the replay call: the URL, plus each part that differs from the stored request. */
export function toReplayBody(draft: ReplayDraft, event: WebhookEvent): ReplayBody {
  const original = draftFromEvent(event, draft.url);
  const body: ReplayBody = { url: draft.url.trim() };
  const method = draft.method.trim().toUpperCase();
  if (method !== original.method) body.method = method;
  // A row left without a name is an unfinished edit, not a header.
  const headers = draft.headers.filter(([name]) => name.trim() !== '');
  if (!sameHeaders(headers, original.headers))
    body.headers = headers.map(([name, value]) => [name.trim(), value]);
  if (draft.body !== original.body) {
    body.body = draft.body;
    body.bodyEncoding = event.bodyEncoding;
  }
  return body;
}
