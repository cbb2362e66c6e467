import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { asKey, privateSession } from '../access/test-helpers.js';
import type { CaptureTypes } from './types.service.js';

async function capture(app: FastifyInstance, user: SessionUser, body: string, type = 'application/json') {
  const response = await app.inject({
    method: 'POST',
    url: `/webhook/${user.sessionId}/orders`,
    headers: { 'content-type': type },
    payload: body,
  });
  return response.json<{ id: number }>().id;
}

function types(app: FastifyInstance, user: SessionUser, payload: object) {
  return app.inject({ method: 'POST', url: '/api/events/types', headers: asUser(user), payload });
}

/** Type errors of `source` compiled beside the real node_modules (zod resolves from here). */
function typeErrors(source: string): string[] {
  const file = path.join(import.meta.dirname, '__generated__.ts');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (name === file ? source : readFile(name));
  host.fileExists = (name) => name === file || ts.sys.fileExists(name);
  host.getSourceFile = (name, version) =>
    name === file ? ts.createSourceFile(name, source, version) : getSourceFile(name, version);
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

/** Runs the generated zod module and returns its schema. */
function loadZod(module: string): z.ZodType {
  const js = ts.transpileModule(module, { compilerOptions: { module: ts.ModuleKind.ESNext } }).outputText;
  const body = js.replace(/^import .*$/m, '').replace(/^export /gm, '');
  return new Function('z', `${body}\nreturn capturedBody;`)(z) as z.ZodType;
}

describe.each(storageBackends)('types from captures on $name', ({ postgres }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ postgres });
  });
  afterAll(async () => {
    await app.close();
  });

  it('infers one schema, a TypeScript type and a zod schema from the chosen requests', async () => {
    const user = await createSession(app);
    const bodies = [
      { id: '5f0c6e1a-3b7d-4c2e-9a1f-0d8e7b6c5a4f', status: 'paid', total: 10, at: '2026-11-28T09:30:00Z' },
      {
        id: '6a1d7f2b-4c8e-4d3f-8b2a-1e9f8c7d6b5a',
        status: 'open',
        total: 2.5,
        at: '2026-11-28T10:30:00Z',
        note: 'x',
      },
      { id: '7b2e8a3c-5d9f-4e4a-9c3b-2fa09d8e7c6b', status: 'paid', total: 1, at: '2026-11-28T11:30:00Z' },
    ];
    const ids = [];
    for (const body of bodies) ids.push(await capture(app, user, JSON.stringify(body)));
    ids.push(await capture(app, user, 'plain words', 'text/plain'));
    const response = await types(app, user, { ids });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<CaptureTypes>();
    expect(answer.samples).toBe(3);
    expect(answer.skipped).toBe(1);
    expect(answer.jsonSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'CapturedBody',
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        status: { type: 'string', enum: ['open', 'paid'] },
        total: { type: 'number' },
        at: { type: 'string', format: 'date-time' },
        note: { type: 'string' },
      },
      required: ['id', 'status', 'total', 'at'],
    });
    expect(answer.typescript).toContain('export interface CapturedBody {');
    expect(answer.typescript).toContain('status: "open" | "paid";');
    expect(answer.typescript).toContain('note?: string;');
    const usage = `${answer.typescript}\nconst ok: CapturedBody = ${JSON.stringify(bodies[1])};\nvoid ok;\n`;
    expect(typeErrors(usage)).toEqual([]);
    const wrong = `${answer.typescript}\nconst bad: CapturedBody = { id: 'x', status: 'lost', total: 1, at: 'y' };\nvoid bad;\n`;
    expect(typeErrors(wrong).join('\n')).toContain('"lost"');
    const schema = loadZod(answer.zod);
    for (const body of bodies) expect(schema.safeParse(body).success).toBe(true);
    expect(schema.safeParse({ ...bodies[0], status: 'lost' }).success).toBe(false);
  }, 60_000);

  it('takes the search filters of the event list when no ids are given', async () => {
    const user = await createSession(app);
    await capture(app, user, JSON.stringify({ kind: 'a', n: 1 }));
    await capture(app, user, JSON.stringify({ kind: 'b', flag: true }));
    const response = await types(app, user, { q: 'flag' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CaptureTypes>()).toMatchObject({
      samples: 1,
      jsonSchema: {
        properties: { kind: { type: 'string' }, flag: { type: 'boolean' } },
        required: ['kind', 'flag'],
      },
    });
  });

  it("another session's ids answer 404; requests without JSON answer 400", async () => {
    const owner = await createSession(app);
    const other = await createSession(app);
    const id = await capture(app, owner, '{"a": 1}');
    const foreign = await types(app, other, { ids: [id] });
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json<{ error: string }>().error).toEqual(expect.any(String));
    const text = await capture(app, owner, 'hello', 'text/plain');
    const none = await types(app, owner, { ids: [text] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: 'requests: none of the chosen requests has a whole JSON body.' });
    const bad = await types(app, owner, { ids: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/ids.*at least one request/);
    // A sender's field name the TypeScript writer trips on: a clear 422, never a 500.
    const awkward = await capture(app, owner, '{"hasOwnProperty": 1}');
    const refused = await types(app, owner, { ids: [awkward] });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json<{ error: string }>().error).toMatch(
      /^requests: these bodies cannot be written as TypeScript and zod/,
    );
  });

  it('a private session needs its key', async () => {
    const { user, key } = await privateSession(app);
    const id = await capture(app, user, '{"a": 1}');
    expect((await types(app, user, { ids: [id] })).statusCode).toBe(401);
    const withKey = await app.inject({
      method: 'POST',
      url: '/api/events/types',
      headers: asKey(key),
      payload: { ids: [id] },
    });
    expect(withKey.statusCode, withKey.body).toBe(200);
  });
});
