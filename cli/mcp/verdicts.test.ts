/**
 * The verdicts Hookbay judged on arrival (signature, contract) as `hookbay mcp` hands them to an
 * agent, and the `sig:` and `contract:` search words in its list and wait tools: the built command
 * over stdio, against a Hookbay listening on a port.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../server/test/processes.js';
import { call, mcpAgainstHookbay } from './test-client.js';

const SECRET = 'mcp-signing-secret';
const signature = (body: string, key = SECRET) =>
  `sha256=${createHmac('sha256', key).update(body).digest('hex')}`;

const orderSchema = {
  type: 'object',
  required: ['id', 'total'],
  properties: {
    id: { type: 'string' },
    total: { type: 'number', minimum: 0 },
    email: { type: 'string', format: 'email' },
    count: { type: 'integer' },
  },
};

const GOOD_ORDER = '{"id":"o1","total":5}';
const BAD_ORDER = '{"total":-1,"email":"nope","count":"x"}';

describe('hookbay mcp and the verdicts judged on arrival', () => {
  const hookbay = mcpAgainstHookbay();

  async function setUp(sessionId: string): Promise<{ secretId: string; contractId: string }> {
    const headers = { 'x-session-id': sessionId };
    const secret = await hookbay.app.inject({
      method: 'POST',
      url: '/api/signing-secrets',
      headers,
      payload: { name: 'GitHub', scheme: 'github-sha256', path: '/orders*', secret: SECRET },
    });
    expect(secret.statusCode, secret.body).toBe(201);
    const contract = await hookbay.app.inject({
      method: 'POST',
      url: '/api/contracts',
      headers,
      payload: { name: 'Orders', path: '/orders*', schema: orderSchema },
    });
    expect(contract.statusCode, contract.body).toBe(200);
    return { secretId: secret.json<{ id: string }>().id, contractId: contract.json<{ id: string }>().id };
  }

  async function send(url: string, body: string, headers: Record<string, string> = {}): Promise<number> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: number }).id;
  }

  it('shows each request’s verdicts and finds requests by sig: and contract: in list and wait', async () => {
    const webhookUrl = String((await call(hookbay.client, 'get_webhook_url', { new: true })).json.webhookUrl);
    const { secretId, contractId } = await setUp(webhookUrl.slice(webhookUrl.lastIndexOf('/') + 1));

    const waiting = call(hookbay.client, 'wait_for_requests', {
      q: 'sig:invalid',
      count: 2,
      timeoutSeconds: 20,
      after: 0,
    });
    await waitFor('the wait to be open', () => hookbay.app.services.waits.openCount().waits === 1);
    const good = await send(`${webhookUrl}/orders`, GOOD_ORDER, {
      'X-Hub-Signature-256': signature(GOOD_ORDER),
    });
    const bad = await send(`${webhookUrl}/orders/2`, BAD_ORDER, {
      'X-Hub-Signature-256': signature(BAD_ORDER, 'another secret'),
    });
    const unsigned = await send(`${webhookUrl}/orders/3`, '[]');

    const validVerdicts = {
      signature: { status: 'valid', secretId, secretName: 'GitHub', scheme: 'github-sha256' },
      contract: { status: 'pass', contractId, contractName: 'Orders' },
    };
    const badSignature = {
      status: 'invalid',
      secretId,
      secretName: 'GitHub',
      scheme: 'github-sha256',
      reason: 'signature',
      message: expect.stringMatching(/\w/),
    };
    const violations = [
      {
        pointer: '/id',
        expected: 'a value (required)',
        actual: 'nothing',
        message: "/id must have required property 'id'",
      },
      { pointer: '/total', expected: 'must be >= 0', actual: '-1', message: '/total must be >= 0' },
      {
        pointer: '/email',
        expected: 'format email',
        actual: '"nope"',
        message: '/email must match format "email"',
      },
      { pointer: '/count', expected: 'type integer', actual: '"x"', message: '/count must be integer' },
    ];
    const badVerdicts = {
      signature: badSignature,
      contract: { status: 'fail', contractId, contractName: 'Orders', violations },
    };

    const waited = await waiting;
    expect(waited.isError, waited.text).toBe(false);
    expect(waited.json).toMatchObject({ arrived: true, requests: [{ id: bad }, { id: unsigned }] });
    const [waitedBad, waitedUnsigned] = waited.json.requests as { verdicts: unknown }[];
    expect(waitedBad?.verdicts).toEqual(badVerdicts);
    expect(waitedUnsigned?.verdicts).toMatchObject({
      signature: {
        status: 'invalid',
        reason: 'missing',
        message: 'The request has no X-Hub-Signature-256 header.',
      },
      contract: { status: 'fail', violations: [{ pointer: '', actual: '[]' }] },
    });

    const read = await call(hookbay.client, 'read_request', { id: bad });
    expect(read.json.verdicts).toEqual(badVerdicts);
    expect((await call(hookbay.client, 'read_request', { id: good })).json.verdicts).toEqual(validVerdicts);

    const ids = async (q: string) =>
      ((await call(hookbay.client, 'list_requests', { q })).json.requests as { id: number }[]).map(
        (each) => each.id,
      );
    expect(await ids('sig:valid contract:pass')).toEqual([good]);
    expect(await ids('sig:invalid')).toEqual([unsigned, bad]);
    expect(await ids('SIG:INVALID total')).toEqual([bad]);
    expect(await ids('contract:fail')).toEqual([unsigned, bad]);
    expect(await ids('sig:none')).toEqual([]);
    expect(await ids('contract:none')).toEqual([]);

    // A list row names the first violations and says how many there are in all.
    const listed = await call(hookbay.client, 'list_requests', { q: 'contract:fail total' });
    expect(listed.json.requests).toEqual([
      expect.objectContaining({
        id: bad,
        verdicts: {
          signature: badSignature,
          contract: {
            status: 'fail',
            contractId,
            contractName: 'Orders',
            violations: violations.slice(0, 3),
            violationsNote: '4 violations in all: read_request lists every one',
          },
        },
      }),
    ]);
    const valid = await call(hookbay.client, 'list_requests', { q: 'sig:valid' });
    expect(valid.json.requests).toEqual([expect.objectContaining({ id: good, verdicts: validVerdicts })]);

    const passed = await call(hookbay.client, 'wait_for_requests', {
      q: 'contract:pass',
      timeoutSeconds: 0,
      after: 0,
    });
    expect(passed.json).toMatchObject({ arrived: true, requests: [{ id: good, verdicts: validVerdicts }] });
  });

  it('a request nothing judged has empty verdicts and is found by sig:none and contract:none', async () => {
    const webhookUrl = String((await call(hookbay.client, 'get_webhook_url', { new: true })).json.webhookUrl);
    const id = await send(`${webhookUrl}/plain`, '{"a":1}');
    const listed = await call(hookbay.client, 'list_requests', { q: 'sig:none contract:none' });
    expect(listed.json.requests).toEqual([expect.objectContaining({ id, verdicts: {} })]);
    expect((await call(hookbay.client, 'read_request', { id })).json.verdicts).toEqual({});
    expect((await call(hookbay.client, 'list_requests', { q: 'sig:invalid' })).json.requests).toEqual([]);
  });
});
