/**
 * `hookbay mcp` driven as an MCP client drives it (see test-client.ts), against a Hookbay
 * listening on a port.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { privateSession } from '../../server/src/features/access/test-helpers.js';
import { waitFor } from '../../server/test/processes.js';
import { call, connect, mcpAgainstHookbay } from './test-client.js';

const TOOLS = [
  'compare_requests',
  'get_conformance_report',
  'get_responses',
  'get_webhook_url',
  'infer_types',
  'list_requests',
  'new_inspector',
  'read_request',
  'replay_request',
  'set_responses',
  'verify_signature',
  'wait_for_requests',
];

describe('hookbay mcp', () => {
  const hookbay = mcpAgainstHookbay();

  it('lists its tools, each described with every parameter', async () => {
    const { tools } = await hookbay.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(150);
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, { description?: string }>;
      for (const [name, property] of Object.entries(properties)) {
        expect(property.description, `${tool.name}.${name}`).toMatch(/\w{3}/);
      }
    }
    const setResponses = tools.find((tool) => tool.name === 'set_responses');
    expect(setResponses?.description).toContain('{{body.a.b[0]}}');
    expect(setResponses?.description).toContain('{"fault": "reset"}');
  });

  it('makes a webhook URL, waits for a capture, reads it, and scripts how the URL answers', async () => {
    const started = await call(hookbay.client, 'get_webhook_url');
    expect(started.isError).toBe(false);
    expect(String(started.json.webhookUrl)).toMatch(new RegExp(`^${hookbay.origin}/webhook/[0-9a-f-]{36}$`));
    const url = await call(hookbay.client, 'get_webhook_url', { new: true });
    const webhookUrl = String(url.json.webhookUrl);
    expect(webhookUrl).toMatch(new RegExp(`^${hookbay.origin}/webhook/[0-9a-f-]{36}$`));
    expect(webhookUrl).not.toBe(started.json.webhookUrl);
    expect(url.json.newestId).toBe(0);
    expect(await call(hookbay.client, 'get_webhook_url')).toMatchObject({
      json: { webhookUrl, newestId: 0 },
    });

    const waiting = call(hookbay.client, 'wait_for_requests', { q: 'zen', timeoutSeconds: 20, after: 0 });
    await waitFor('the wait to be open', () => hookbay.app.services.waits.openCount().waits === 1);
    const body = '{"zen":"Keep it logically awesome.","hook":{"id":7}}';
    const signature = `sha256=${createHmac('sha256', 'It’s a Secret').update(body).digest('hex')}`;
    const sent = await fetch(`${webhookUrl}/github?delivery=1`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-GitHub-Event': 'ping',
        'X-Hub-Signature-256': signature,
      },
      body,
    });
    expect(sent.status).toBe(200);
    const waited = await waiting;
    expect(waited.json).toMatchObject({
      arrived: true,
      requests: [{ method: 'POST', path: '/github', url: `${webhookUrl}/github?delivery=1`, body }],
    });
    const [first] = waited.json.requests as { id: number }[];
    const id = first?.id;

    const read = await call(hookbay.client, 'read_request', { id });
    expect(read.json).toMatchObject({ id, body, bodyEncoding: 'utf8', sender: 'GitHub ping' });
    expect(read.json.headers).toContainEqual(['X-Hub-Signature-256', signature]);

    const rules = await call(hookbay.client, 'set_responses', {
      rules: [
        {
          method: 'POST',
          path: '/orders',
          responses: [
            {
              status: 201,
              headers: { 'Content-Type': 'application/json' },
              body: '{"got":"{{body.order}}"}',
            },
            { fault: 'reset' },
          ],
        },
      ],
    });
    expect(rules.isError).toBe(false);
    expect(rules.json).toMatchObject({ rules: [{ method: 'POST', path: '/orders', then: 'repeat-last' }] });
    expect(await call(hookbay.client, 'get_responses')).toMatchObject({ json: rules.json });
    const answered = await fetch(`${webhookUrl}/orders`, { method: 'POST', body: '{"order":"A-1"}' });
    expect(answered.status).toBe(201);
    expect(await answered.text()).toBe('{"got":"A-1"}');
    await expect(fetch(`${webhookUrl}/orders`, { method: 'POST', body: '{}' })).rejects.toThrow();

    const listed = await call(hookbay.client, 'list_requests', { q: 'order', method: 'POST' });
    expect(listed.json.requests).toMatchObject([
      { path: '/orders', answeredWith: 0 },
      { path: '/orders', answeredWith: 201, bodyPreview: '{"order":"A-1"}' },
    ]);

    const verified = await call(hookbay.client, 'verify_signature', { id, secret: 'It’s a Secret' });
    expect(verified.json).toMatchObject({ valid: true, scheme: 'github-sha256', expected: signature });
    expect(await call(hookbay.client, 'verify_signature', { id, secret: 'wrong' })).toMatchObject({
      json: { valid: false },
    });

    const orders = listed.json.requests as { id: number }[];
    const compared = await call(hookbay.client, 'compare_requests', { a: id, b: orders[1]?.id });
    expect(compared.json).toMatchObject({
      same: false,
      path: { a: '/github', b: '/orders' },
      body: { kind: 'json', differences: expect.arrayContaining([{ path: 'order', b: 'A-1' }]) },
    });
    expect(compared.json.headers).toMatchObject({
      onlyInA: expect.arrayContaining([{ name: 'X-GitHub-Event', a: 'ping', b: null }]),
    });
  });

  it('replays a request server-side and reports what the target answered', async () => {
    const webhookUrl = String((await call(hookbay.client, 'get_webhook_url', { new: true })).json.webhookUrl);
    const captured = await fetch(`${webhookUrl}/source`, { method: 'PUT', body: 'again' });
    const { id } = (await captured.json()) as { id: number };
    const replayed = await call(hookbay.client, 'replay_request', {
      id,
      url: `${webhookUrl}/copy`,
      method: 'PATCH',
    });
    expect(replayed.json).toMatchObject({ status: 200, bodyEncoding: 'utf8' });
    const listed = await call(hookbay.client, 'list_requests', { limit: 1 });
    expect(listed.json.requests).toMatchObject([{ method: 'PATCH', path: '/copy', bodyPreview: 'again' }]);
  });

  it('answers a mistake in words the agent can act on', async () => {
    const webhookUrl = String((await call(hookbay.client, 'get_webhook_url', { new: true })).json.webhookUrl);
    const missing = await call(hookbay.client, 'read_request', { id: 999_999 });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('no request 999999');
    const unsigned = await fetch(webhookUrl, { method: 'POST', body: 'plain' });
    const { id } = (await unsigned.json()) as { id: number };
    const unknownSender = await call(hookbay.client, 'verify_signature', { id, secret: 's' });
    expect(unknownSender).toMatchObject({ isError: true });
    expect(unknownSender.text).toContain('scheme "custom"');
    const invalid = await call(hookbay.client, 'set_responses', {
      rules: [{ responses: [{ status: 700 }] }],
    });
    expect(invalid.isError).toBe(true);
    expect(invalid.text).toMatch(/^Hookbay answered 400: rules\[0\]\.responses\[0\]/);
  });

  it('works on a private inspector with its key, and says what is missing without one', async () => {
    const { user, key } = await privateSession(hookbay.app);
    const webhookUrl = `${hookbay.origin}/webhook/${user.sessionId}`;
    await fetch(`${webhookUrl}/private`, { method: 'POST', body: 'kept' });
    const withKey = await connect([webhookUrl], { HOOKBAY_KEY: key });
    const withoutKey = await connect([webhookUrl]);
    try {
      const listed = await call(withKey, 'list_requests');
      expect(listed.json.requests).toMatchObject([{ path: '/private', bodyPreview: 'kept' }]);
      const refused = await call(withoutKey, 'list_requests');
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain('--key');
    } finally {
      await withKey.close();
      await withoutKey.close();
    }
  });

  it("get_conformance_report returns a sender test's report, the newest one by default", async () => {
    const webhookUrl = String((await call(hookbay.client, 'get_webhook_url', { new: true })).json.webhookUrl);
    const sessionId = webhookUrl.slice(webhookUrl.lastIndexOf('/') + 1);
    const none = await call(hookbay.client, 'get_conformance_report');
    expect(none.isError).toBe(true);
    expect(none.text).toContain('no sender test yet');
    const armed = await hookbay.app.inject({
      method: 'POST',
      url: '/api/conformance/runs',
      headers: { 'x-session-id': sessionId },
      payload: { failFirst: 1 },
    });
    const runId = armed.json<{ id: number }>().id;
    const headers = { 'content-type': 'application/json', 'webhook-id': 'msg_1' };
    expect((await fetch(webhookUrl, { method: 'POST', headers, body: '{}' })).status).toBe(500);
    expect((await fetch(webhookUrl, { method: 'POST', headers, body: '{}' })).status).toBe(200);
    const report = await call(hookbay.client, 'get_conformance_report');
    expect(report.json).toMatchObject({
      run: { id: runId, failFirst: 1 },
      status: 'armed',
      summary: { messages: 1, deliveries: 2, completed: 1 },
    });
    const checks = report.json.checks as { id: string; outcome: string }[];
    expect(checks.find((check) => check.id === 'retries')?.outcome).toBe('pass');
    expect((await call(hookbay.client, 'get_conformance_report', { id: runId })).json).toMatchObject({
      run: { id: runId },
    });
  });

  it('says so when the server cannot be reached', async () => {
    const nowhere = await connect(['--server', 'http://127.0.0.1:9']);
    try {
      const answer = await call(nowhere, 'get_webhook_url');
      expect(answer.isError).toBe(true);
      expect(answer.text).toContain('Could not reach Hookbay at http://127.0.0.1:9');
    } finally {
      await nowhere.close();
    }
  });
});

describe('hookbay mcp new_inspector', () => {
  const hookbay = mcpAgainstHookbay();

  it('makes a named, private, short-lived inspector and works with it from then on', async () => {
    const made = await call(hookbay.client, 'new_inspector', {
      name: 'agent-made',
      expiresIn: '1h',
      maxRequests: 10,
      private: true,
      responses: [{ method: 'POST', responses: [{ status: 201, body: 'ok' }] }],
    });
    expect(made.isError, made.text).toBe(false);
    expect(made.json).toMatchObject({
      webhookUrl: `${hookbay.origin}/webhook/agent-made`,
      name: 'agent-made',
      private: true,
      maxRequests: 10,
      key: expect.stringMatching(/^hbk_/),
    });
    const sent = await fetch(`${hookbay.origin}/webhook/agent-made/hook`, { method: 'POST', body: 'hi' });
    expect([sent.status, await sent.text()]).toEqual([201, 'ok']);
    await hookbay.app.services.webhooks.flush();
    // The other tools now act on the new, private inspector, with its key.
    const listed = await call(hookbay.client, 'list_requests');
    expect(listed.isError, listed.text).toBe(false);
    expect(JSON.stringify(listed.json)).toContain('/hook');

    const taken = await call(hookbay.client, 'new_inspector', { name: 'agent-made' });
    expect(taken).toMatchObject({
      isError: true,
      text: 'Hookbay answered 409: name: another inspector holds this name; choose another.',
    });
  });
});
