/**
 * Streamed answers seen by a real client over HTTP: Server-Sent Events parsed with
 * eventsource-parser and chunked bodies read as they come, each part after its pause and in
 * order; the event is stored before the first part, and the sandbox headers are there.
 */
import type { FastifyInstance } from 'fastify';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResponseRuleInput } from '../../../../shared/responses.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { listen } from '../../../test/socket.js';
import { listEvents } from '../webhooks/test-captures.js';

function putRules(app: FastifyInstance, user: SessionUser, rules: ResponseRuleInput[]) {
  return app.inject({ method: 'PUT', url: '/api/responses', headers: asUser(user), payload: { rules } });
}

async function withRules(app: FastifyInstance, rules: ResponseRuleInput[]): Promise<SessionUser> {
  const user = await createSession(app);
  const saved = await putRules(app, user, rules);
  expect(saved.statusCode, saved.body).toBe(200);
  return user;
}

/** Each read of the body as text, in the order they came. */
async function readParts(response: Response): Promise<string[]> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts;
    parts.push(decoder.decode(value, { stream: true }));
  }
}

describe('streamed answers', () => {
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    app = await buildTestApp();
    origin = await listen(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends Server-Sent Events one after another, templates filled in, the event stored first', async () => {
    const user = await withRules(app, [
      {
        responses: [
          {
            status: 200,
            stream: {
              kind: 'sse',
              events: [
                { data: 'hello {{query.name}}', event: 'greeting', id: '1', delayMs: 150 },
                { data: '{"step":2}\n{"more":true}', delayMs: 150 },
                { data: 'done', event: 'end', id: '3', delayMs: 150 },
              ],
            },
          },
        ],
      },
    ]);
    const response = await fetch(`${origin}/webhook/${user.sessionId}/events?name=Ada`, {
      method: 'POST',
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // The head came before the first event's pause ended, and the event was stored before it.
    const [stored] = await listEvents(app, user);
    expect(stored?.path).toBe('/events');
    expect(stored?.response).toEqual({ status: 200, source: 'rule', rule: 1 });

    const messages: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (message) => messages.push(message) });
    const seenAfterRead: number[] = [];
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      seenAfterRead.push(messages.length);
    }
    expect(messages).toEqual([
      { event: 'greeting', id: '1', data: 'hello Ada' },
      { event: undefined, id: undefined, data: '{"step":2}\n{"more":true}' },
      { event: 'end', id: '3', data: 'done' },
    ]);
    // Each event came in its own part of the body, after the one before it: not all at the end.
    expect(seenAfterRead[0]).toBe(1);
    expect(seenAfterRead.at(-1)).toBe(3);
  });

  it('sends a body in chunks with pauses between them, under the rule status and type', async () => {
    const user = await withRules(app, [
      {
        method: 'GET',
        responses: [
          {
            status: 206,
            headers: { 'Content-Type': 'application/x-ndjson' },
            stream: {
              kind: 'chunks',
              chunks: [
                { body: '{"n":1}\n', delayMs: 0 },
                { body: '{"n":2}\n', delayMs: 200 },
                { body: '{"n":3,"path":"{{path}}"}\n', delayMs: 200 },
              ],
            },
          },
        ],
      },
    ]);
    const response = await fetch(`${origin}/webhook/${user.sessionId}/feed`);
    expect(response.status).toBe(206);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const parts = await readParts(response);
    expect(parts.join('')).toBe('{"n":1}\n{"n":2}\n{"n":3,"path":"/feed"}\n');
    // The first read ends before the paused chunks were sent.
    expect(parts[0]).toBe('{"n":1}\n');
    expect(parts.length).toBeGreaterThan(1);
  });

  it('a sender that leaves mid-stream ends it, and the next capture is answered', async () => {
    const user = await withRules(app, [
      {
        path: '/slow',
        responses: [
          {
            status: 200,
            stream: { kind: 'chunks', chunks: [{ body: 'a' }, { body: 'b', delayMs: 30_000 }] },
          },
        ],
      },
    ]);
    const leaving = new AbortController();
    const response = await fetch(`${origin}/webhook/${user.sessionId}/slow`, { signal: leaving.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('a');
    leaving.abort();
    const next = await fetch(`${origin}/webhook/${user.sessionId}/other`, { method: 'POST' });
    expect(next.status).toBe(200);
    expect(await listEvents(app, user)).toHaveLength(2);
  });

  it('a picked status applies to a stream too', async () => {
    const user = await withRules(app, [
      { allowPick: true, responses: [{ status: 200, stream: { kind: 'chunks', chunks: [{ body: 'x' }] } }] },
    ]);
    const response = await fetch(`${origin}/webhook/${user.sessionId}?hookbay_status=503`, {
      method: 'POST',
    });
    expect(response.status).toBe(503);
    expect(await response.text()).toBe('x');
  });

  it.each([
    [
      { status: 200, body: 'no', stream: { kind: 'chunks', chunks: [{ body: 'x' }] } },
      'rules[0].responses[0].body: A streamed answer sends its events or chunks instead of a body; leave the body empty.',
    ],
    [
      {
        status: 200,
        stream: { kind: 'sse', events: Array.from({ length: 3 }, () => ({ data: 'x', delayMs: 25_000 })) },
      },
      'rules[0].responses[0].stream: The pauses of a stream may add up to at most 60 s.',
    ],
    [
      {
        status: 200,
        stream: { kind: 'chunks', chunks: Array.from({ length: 2 }, () => ({ body: 'x'.repeat(40_000) })) },
      },
      "rules[0].responses[0].stream: A stream's texts may be at most 64 KiB together.",
    ],
    [
      { status: 200, stream: { kind: 'sse', events: [{ data: 'x', event: 'a\nb' }] } },
      'rules[0].responses[0].stream.events[0].event: The event name must be one line.',
    ],
    [
      { status: 200, stream: { kind: 'sse', events: [{ data: '{{ body.x' }] } },
      'rules[0].responses[0].stream.events[0].data: This template cannot be read',
    ],
  ])('refuses a stream that cannot be sent: %#', async (response, message) => {
    const user = await createSession(app);
    const answer = await putRules(app, user, [
      { responses: [response as ResponseRuleInput['responses'][0]] },
    ]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toContain(message);
  });
});
