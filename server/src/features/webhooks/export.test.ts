import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { EVENT_BODY_PREVIEW_BYTES } from '../../../../shared/webhooks.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { createSession } from '../../../test/factories.js';
import { captureOk, expectJsonError, getAs } from './test-captures.js';
import { parsePublicOrigin } from '../../config.js';

interface NameValue {
  name: string;
  value: string;
}

interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    headers: NameValue[];
    queryString: NameValue[];
    cookies: NameValue[];
    headersSize: number;
    bodySize: number;
    postData?: { mimeType: string; text: string; encoding?: string };
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    headers: NameValue[];
    cookies: NameValue[];
    content: { size: number; mimeType: string; text?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
}

interface Har {
  log: { version: string; creator: { name: string; version: string }; entries: HarEntry[] };
}

describe.each(storageBackends)('event export on $name', ({ postgres }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ postgres, publicOrigin: parsePublicOrigin('https://hooks.example.com') });
  });
  afterAll(async () => {
    await app.close();
  });

  async function sendOverHttp(path: string, headers: Record<string, string>, body: string): Promise<number> {
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    return new Promise((resolve, reject) => {
      const request = http.request(`${origin}${path}`, { method: 'POST', headers }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve((JSON.parse(text) as { id: number }).id));
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  it('writes a HAR 1.2 archive with one complete entry per request', async () => {
    const user = await createSession(app);
    const body = '{"event":"order.created","total":12}';
    // Over a real connection, so that header names keep the sender's case.
    const id = await sendOverHttp(
      `/webhook/${user.sessionId}/stripe/events?attempt=2&tag=a&tag=b`,
      {
        'Content-Type': 'application/json',
        'X-Signature': 'sha256=abc',
        Cookie: 'theme=dark; sid=42',
      },
      body,
    );
    const response = await getAs(app, user, '/api/events/export?format=har');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="hookbay-requests-.+\.har"$/,
    );

    const har = response.json<Har>();
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual({ name: 'Hookbay', version: expect.any(String) });
    expect(har.log.entries).toHaveLength(1);
    const [entry] = har.log.entries as [HarEntry];
    const event = (await getAs(app, user, '/api/events')).json<WebhookEvent[]>()[0] as WebhookEvent;
    expect(entry.startedDateTime).toBe(event.timestamp);
    expect(entry.time).toBe(0);
    const headerLines = event.rawHeaders.map(([name, value]) => ({ name, value }));
    expect(entry.request).toEqual({
      method: 'POST',
      url: `https://hooks.example.com/webhook/${user.sessionId}/stripe/events?attempt=2&tag=a&tag=b`,
      httpVersion: 'HTTP/1.1',
      headers: headerLines,
      queryString: [
        { name: 'attempt', value: '2' },
        { name: 'tag', value: 'a' },
        { name: 'tag', value: 'b' },
      ],
      cookies: [
        { name: 'theme', value: 'dark' },
        { name: 'sid', value: '42' },
      ],
      headersSize: expect.any(Number),
      bodySize: Buffer.byteLength(body),
      postData: { mimeType: 'application/json', text: body },
    });
    // Original order and case, as the sender wrote them.
    expect(entry.request.headers.slice(0, 3)).toEqual([
      { name: 'Content-Type', value: 'application/json' },
      { name: 'X-Signature', value: 'sha256=abc' },
      { name: 'Cookie', value: 'theme=dark; sid=42' },
    ]);
    const requestLine = `POST /webhook/${user.sessionId}/stripe/events?attempt=2&tag=a&tag=b HTTP/1.1\r\n`;
    const headerBytes = event.rawHeaders.reduce(
      (sum, [name, value]) => sum + `${name}: ${value}\r\n`.length,
      0,
    );
    expect(entry.request.headersSize).toBe(requestLine.length + headerBytes + 2);
    const answer = JSON.stringify({ ok: true, id });
    expect(entry.response).toEqual({
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'content-type', value: 'application/json; charset=utf-8' }],
      cookies: [],
      content: { size: answer.length, mimeType: 'application/json; charset=utf-8', text: answer },
      redirectURL: '',
      headersSize: -1,
      bodySize: answer.length,
    });
    expect(entry.cache).toEqual({});
    expect(entry.timings).toEqual({ send: 0, wait: 0, receive: 0 });
  });

  it('exports a body that is not UTF-8 as base64 and a large body whole', async () => {
    const user = await createSession(app);
    const binary = Buffer.from([0x00, 0xff, 0xfe, 0x41, 0x80]);
    await captureOk(app, user, { headers: { 'content-type': 'application/octet-stream' }, payload: binary });
    const large = 'a'.repeat(EVENT_BODY_PREVIEW_BYTES + 10);
    await captureOk(app, user, { headers: { 'content-type': 'text/plain' }, payload: large });
    await captureOk(app, user, { method: 'GET', path: '/ping' });

    const har = (await getAs(app, user, '/api/events/export?format=har')).json<Har>();
    const [empty, whole, base64] = har.log.entries as [HarEntry, HarEntry, HarEntry];
    expect(base64.request.postData).toEqual({
      mimeType: 'application/octet-stream',
      text: binary.toString('base64'),
      encoding: 'base64',
    });
    expect(whole.request.postData).toEqual({ mimeType: 'text/plain', text: large });
    expect(empty.request.method).toBe('GET');
    expect(empty.request.url).toBe(`https://hooks.example.com/webhook/${user.sessionId}/ping`);
    expect(empty.request.bodySize).toBe(0);
    expect(empty.request.postData).toBeUndefined();
  });

  it('describes a body cut at the size limit with the 413 the sender got', async () => {
    const small = await buildTestApp({ postgres, captureMaxBytes: 16 });
    try {
      const user = await createSession(small);
      const response = await small.inject({
        method: 'POST',
        url: `/webhook/${user.sessionId}`,
        payload: 'x'.repeat(64),
      });
      expect(response.statusCode).toBe(413);
      const har = (await getAs(small, user, '/api/events/export?format=har')).json<Har>();
      const [entry] = har.log.entries as [HarEntry];
      expect(entry.response.status).toBe(413);
      expect(entry.response.statusText).toBe('Payload Too Large');
      expect(entry.request.bodySize).toBe(64);
      const stored = await getAs(small, user, `/api/events/${response.json<{ id: number }>().id}/body`);
      expect(entry.request.postData?.text).toBe(stored.body);
    } finally {
      await small.close();
    }
  });

  it('writes NDJSON: one line per request, each the object the event list gives', async () => {
    const user = await createSession(app);
    for (let index = 0; index < 30; index++) {
      await captureOk(app, user, {
        payload: `{"n":${index}}`,
        headers: { 'content-type': 'application/json' },
      });
    }
    const response = await getAs(app, user, '/api/events/export?format=ndjson');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="hookbay-requests-.+\.ndjson"$/,
    );
    expect(response.body.endsWith('\n')).toBe(true);
    const lines = response.body.trimEnd().split('\n');
    expect(lines).toHaveLength(30);
    const listed = (await getAs(app, user, '/api/events?limit=500')).json<WebhookEvent[]>();
    expect(lines.map((line) => JSON.parse(line) as WebhookEvent)).toEqual(listed);
  });

  it('applies the filters to both formats', async () => {
    const user = await createSession(app);
    const match = await captureOk(app, user, { method: 'PUT', payload: 'refund 7' });
    await captureOk(app, user, { method: 'POST', payload: 'refund 8' });
    await captureOk(app, user, { method: 'PUT', payload: 'order 9' });

    const ndjson = await getAs(app, user, '/api/events/export?format=ndjson&q=REFUND&method=put');
    const ids = ndjson.body
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as WebhookEvent).id);
    expect(ids).toEqual([match]);
    const har = (await getAs(app, user, '/api/events/export?format=har&q=refund&method=PUT')).json<Har>();
    expect(har.log.entries.map((entry) => entry.request.postData?.text)).toEqual(['refund 7']);
    const none = await getAs(app, user, '/api/events/export?format=ndjson&q=nothing');
    expect(none.body).toBe('');
    const emptyHar = (await getAs(app, user, '/api/events/export?format=har&q=nothing')).json<Har>();
    expect(emptyHar.log.entries).toEqual([]);
  });

  it('accepts the session in the query, as a download link carries it', async () => {
    const user = await createSession(app);
    await captureOk(app, user);
    const response = await getAs(app, null, `/api/events/export?format=ndjson&sessionId=${user.sessionId}`);
    expect(response.statusCode).toBe(200);
    expect(response.body.trimEnd().split('\n')).toHaveLength(1);
  });

  it('answers 400 for a missing or unknown format and 401 without a session', async () => {
    const user = await createSession(app);
    expectJsonError(await getAs(app, user, '/api/events/export'), 400, /^format: must be har or ndjson/);
    expectJsonError(
      await getAs(app, user, '/api/events/export?format=csv'),
      400,
      /^format: must be har or ndjson/,
    );
    expectJsonError(await getAs(app, null, '/api/events/export?format=har'), 401, /session/);
  });
});
