/** A real event-stream client for tests: raw HTTP, parsed with eventsource-parser. */
import http from 'node:http';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { waitFor } from '../../../test/processes.js';

export interface StreamClient {
  status: number;
  contentType: string | undefined;
  /** The raw body when the answer was not a stream. */
  text: string;
  messages: EventSourceMessage[];
  comments: string[];
  /** The webhook-request events received so far, parsed. */
  events(): WebhookEvent[];
  /** Waits until at least `count` events have arrived; returns them all. */
  untilEvents(count: number): Promise<WebhookEvent[]>;
  /** Calls back once the server has ended the answer. */
  onEnd(listener: () => void): void;
  close(): void;
}

export interface StreamRequest {
  sessionId?: string;
  /** Sent as the X-Session-ID header; otherwise `sessionId` goes in the query. */
  asHeader?: boolean;
  lastEventId?: string;
  query?: Record<string, string>;
  /** Further headers, e.g. Authorization. */
  headers?: Record<string, string>;
}

/** Opens GET /api/stream; resolves once the answer's headers are in (for a stream: once it is live). */
export function openStream(origin: string, request: StreamRequest): Promise<StreamClient> {
  const url = new URL(`${origin}/api/stream`);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { ...request.headers };
  if (request.sessionId && request.asHeader) headers['x-session-id'] = request.sessionId;
  else if (request.sessionId) url.searchParams.set('sessionId', request.sessionId);
  if (request.lastEventId !== undefined) headers['last-event-id'] = request.lastEventId;
  return new Promise((resolve, reject) => {
    const outgoing = http.get(url, { headers });
    outgoing.on('error', reject);
    outgoing.on('response', (response) => {
      const messages: EventSourceMessage[] = [];
      const comments: string[] = [];
      const parser = createParser({
        onEvent: (message) => messages.push(message),
        onComment: (comment) => comments.push(comment),
      });
      const client: StreamClient = {
        status: response.statusCode ?? 0,
        contentType: response.headers['content-type'],
        text: '',
        messages,
        comments,
        events: () =>
          messages
            .filter((message) => message.event === 'webhook-request')
            .map((message) => JSON.parse(message.data) as WebhookEvent),
        untilEvents: (count) =>
          waitFor(`${count} streamed events`, () => {
            const events = client.events();
            return events.length >= count && events;
          }),
        onEnd: (listener) => response.once('end', listener),
        close: () => outgoing.destroy(),
      };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        client.text += chunk;
        parser.feed(chunk);
      });
      response.on('error', () => undefined);
      resolve(client);
    });
  });
}
