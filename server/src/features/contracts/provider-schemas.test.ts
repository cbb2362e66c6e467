/**
 * A real provider's schema as a contract: GitHub's published webhook schema for `push` accepts
 * GitHub's published example payloads, and a broken one fails with the pointer of what broke.
 */
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '../../../../shared/contracts.js';
import { buildTestApp } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { compileContracts, judgeBody } from './judge-body.js';

const require = createRequire(import.meta.url);
const githubSchema = require('@octokit/webhooks-schemas') as { definitions: Record<string, unknown> };
const githubExamples = require('@octokit/webhooks-examples') as {
  name: string;
  examples: Record<string, unknown>[];
}[];

/** The `push` event definition with every definition it refers to, as a draft 2020-12 contract. */
const pushSchema = { $ref: '#/definitions/push$event', definitions: githubSchema.definitions };
// The first example is older than repository fields the schema now requires (topics,
// visibility, …); the schema rightly fails it, so the check runs on the current ones.
const pushExamples = (githubExamples.find((group) => group.name === 'push')?.examples ?? []).slice(1);

function pushRequest(body: unknown) {
  return {
    method: 'POST',
    path: '/github',
    rawHeaders: [
      ['Content-Type', 'application/json'],
      ['X-GitHub-Event', 'push'],
    ] as [string, string][],
    body: Buffer.from(JSON.stringify(body)),
    truncated: false,
  };
}

describe("GitHub's push schema as a contract", () => {
  let app: FastifyInstance;
  let contract: Contract;
  beforeAll(async () => {
    app = await buildTestApp();
    const user = await createSession(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/contracts',
      headers: asUser(user),
      payload: {
        name: 'GitHub push',
        path: '/github*',
        header: { name: 'X-GitHub-Event', value: 'push' },
        schema: pushSchema,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    contract = response.json<Contract>();
  });
  afterAll(async () => {
    await app.close();
  });

  it("passes every one of GitHub's example push payloads", () => {
    expect(pushExamples.length).toBeGreaterThanOrEqual(5);
    // compileContracts throws unless the stored schema compiles.
    const compiled = compileContracts([contract]);
    if (!compiled) throw new Error('no contracts');
    for (const example of pushExamples) {
      expect(judgeBody(compiled, pushRequest(example))).toEqual({
        status: 'pass',
        contractId: contract.id,
        contractName: 'GitHub push',
      });
    }
  });

  it('fails a broken payload with the pointer of each broken value', () => {
    const compiled = compileContracts([contract]);
    if (!compiled) throw new Error('no contracts');
    const example = structuredClone(pushExamples[0]) as Record<string, unknown> & {
      repository: Record<string, unknown>;
    };
    example.repository.id = 'not a number';
    delete example.ref;
    const verdict = judgeBody(compiled, pushRequest(example));
    expect(verdict?.status).toBe('fail');
    const violations = verdict?.status === 'fail' ? verdict.violations : [];
    expect(violations).toContainEqual({
      pointer: '/repository/id',
      expected: 'type integer',
      actual: '"not a number"',
      message: '/repository/id must be integer',
    });
    expect(violations).toContainEqual({
      pointer: '/ref',
      expected: 'a value (required)',
      actual: 'nothing',
      message: "/ref must have required property 'ref'",
    });
  });

  it('leaves requests the contract does not cover unjudged', () => {
    const compiled = compileContracts([contract]);
    if (!compiled) throw new Error('no contracts');
    const issues = {
      ...pushRequest(pushExamples[0]),
      rawHeaders: [['X-GitHub-Event', 'issues']] as [string, string][],
    };
    expect(judgeBody(compiled, issues)).toBeNull();
    expect(judgeBody(compiled, { ...pushRequest(pushExamples[0]), path: '/gitlab' })).toBeNull();
    expect(judgeBody(compiled, { ...pushRequest(null), body: Buffer.from('not json') })).toBeNull();
  });
});
