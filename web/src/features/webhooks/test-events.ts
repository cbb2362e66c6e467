/** Builds webhook events for tests; each test names only the fields it cares about. */
import type { WebhookEvent } from '../../../../shared/webhooks';

export function makeEvent(id: number, overrides: Partial<WebhookEvent> = {}): WebhookEvent {
  return {
    id,
    method: 'POST',
    path: `/hook-${id}`,
    queryString: '',
    queryParams: {},
    headers: {},
    rawHeaders: [],
    body: '',
    bodyEncoding: 'utf8',
    payload: null,
    contentType: null,
    size: 0,
    truncated: false,
    bodyCut: false,
    ip: '203.0.113.7',
    userAgent: 'curl/8.5.0',
    timestamp: '2024-05-01T10:00:00.000Z',
    isDeleted: false,
    previousId: null,
    response: { status: 200, source: 'default' },
    verdicts: {},
    ...overrides,
  };
}

/** Events with the given ids, newest first as the API sends them. */
export function makeEvents(...ids: number[]): WebhookEvent[] {
  return ids.sort((a, b) => b - a).map((id) => makeEvent(id));
}
