/**
 * Property-based fuzzing of every documented route and of the capture path: random and hostile
 * path parameters, query strings, headers and bodies (deep nesting, huge numbers, wrong types,
 * unicode and NUL bytes, broken percent-encoding, 64 KB URLs), with and without a session. The
 * property: the server never answers 5xx, every error is JSON `{"error": "…"}` without a stack
 * trace or a file path, and it still serves afterwards. Used by the test suite (a few thousand
 * cases) and by `npm run fuzz` (as many as asked).
 */
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { asUser, createSession } from './factories.js';

const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    '\u0000',
    'a\u0000b',
    '%',
    '%E0%A4%A',
    '%00',
    '%%32',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '__proto__',
    'constructor',
    '9'.repeat(400),
    '-1',
    '1e309',
    'NaN',
    '0x10',
    ' ',
    '\u202e\ufeff',
    '😀'.repeat(50),
  ),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 1e308, 2 ** 63),
  fc.bigInt().map((value) => Number(value)),
);

/** Nesting far beyond what any parser in the stack recurses comfortably through. */
const deepJson = fc.integer({ min: 1_000, max: 100_000 }).chain((depth) =>
  fc.constantFrom('[', '{"a":').map((open) => {
    const close = open === '[' ? ']' : '}';
    return open.repeat(depth) + (open === '[' ? '' : '1') + close.repeat(depth);
  }),
);

const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(hostileText, tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** A body as raw text: valid JSON of any shape, broken JSON, or a deeply nested document. */
const rawBody = fc.oneof(
  jsonValue.map((value) => JSON.stringify(value) ?? 'null'),
  fc
    .record({ url: hostileText, title: hostileText, description: hostileText, status: hostileText })
    .map((value) => JSON.stringify(value)),
  hostileText,
  deepJson,
  fc.constantFrom('{', '{"url":', '[1,2', '{"a":1}}', '\u0000{}', 'null', '"x"', '1'.repeat(400)),
);

const queryString = fc.oneof(
  fc
    .dictionary(
      fc.constantFrom(
        'limit',
        'before',
        'after',
        'format',
        'decoded',
        'q',
        'method',
        'from',
        'to',
        'sessionId',
      ),
      hostileText,
      {
        maxKeys: 4,
      },
    )
    .map((params) =>
      Object.entries(params)
        .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
        .join('&'),
    ),
  fc.constantFrom('limit=%E0%A4%A', 'a=%', 'after=1&after=2', 'limit=99999999999999999999', '%ZZ=1', '&&&=='),
  fc.constant('x=' + 'a'.repeat(64 * 1024)),
);

const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
);

/** A documented operation: its method, its path as the API document writes it, its answers' media types by status. */
interface ApiOperation {
  method: string;
  path: string;
  mediaTypes: Record<string, string[]>;
}

type DocumentPaths = Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;

/** Every operation of the server's own API document. */
async function documentedOperations(app: FastifyInstance): Promise<ApiOperation[]> {
  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: DocumentPaths;
  }>();
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      mediaTypes: Object.fromEntries(
        Object.entries(operation.responses).map(([status, answer]) => [
          status,
          Object.keys(answer.content ?? {}),
        ]),
      ),
    })),
  );
}

/** Fills a documented path with hostile values for its parameters. */
function pathWith(path: string, values: string[]): string {
  let index = 0;
  return path.replace(/\{[A-Za-z]+\}/g, () => {
    const value = values[index++ % values.length] ?? '';
    // Unencoded values may break the URL itself, which the server must survive too.
    return index % 3 === 0
      ? value.replaceAll('/', '%2F').replaceAll('?', '%3F').replaceAll('#', '%23')
      : encodeURIComponent(value);
  });
}

interface FuzzCase {
  operation: ApiOperation;
  pathValues: string[];
  query: string;
  body: string;
  contentType: string | undefined;
  withSession: boolean;
  sessionInPath: boolean;
}

function fuzzCases(operations: ApiOperation[]) {
  return fc.record({
    operation: fc.constantFrom(...operations),
    pathValues: fc.array(hostileText, { minLength: 1, maxLength: 3 }),
    query: queryString,
    body: rawBody,
    contentType,
    withSession: fc.boolean(),
    sessionInPath: fc.boolean(),
  });
}

const LEAKS = [/\bat .+\.(ts|js):\d+/, /\/work\/|\/home\/|node_modules/, /Error: .+\n\s+at /];

/** Throws when the answer breaks the promise: no 5xx, JSON errors, no internals. */
function checkAnswer(
  operation: ApiOperation,
  request: InjectOptions,
  status: number,
  headers: Record<string, unknown>,
  body: string,
): void {
  const where = `${String(request.method)} ${String(request.url).slice(0, 200)}`;
  if (status >= 500) throw new Error(`${where} answered ${status}: ${body.slice(0, 300)}`);
  for (const leak of LEAKS) {
    if (leak.test(body)) throw new Error(`${where} leaked internals: ${body.slice(0, 300)}`);
  }
  // A HEAD answer has no body to say anything in.
  if (status < 400 || request.method === 'HEAD') return;
  const type = String(headers['content-type'] ?? '');
  // Pages opened by people (a short link's, an admin link's) may answer as the catalog says;
  // anything else is a JSON error.
  const declared = (operation.mediaTypes[status] ?? []).filter((media) => media !== 'application/json');
  if (declared.some((media) => media === '*/*' || type.startsWith(media))) return;
  if (!type.includes('application/json')) {
    throw new Error(`${where} answered ${status} as "${type}", not JSON: ${body.slice(0, 300)}`);
  }
  const parsed = JSON.parse(body) as { error?: unknown };
  if (typeof parsed.error !== 'string' || parsed.error === '') {
    throw new Error(`${where} answered ${status} without an error text: ${body.slice(0, 300)}`);
  }
}

/**
 * Runs `runs` random requests against `app` and resolves when all kept the promise; rejects with
 * fast-check's shrunk counterexample otherwise.
 */
export async function fuzzRoutes(app: FastifyInstance, runs: number, seed?: number): Promise<void> {
  const user = await createSession(app);
  // The event stream stays open for as long as its client does, which an in-process request never ends.
  const operations = (await documentedOperations(app)).filter(
    (operation) => !operation.path.startsWith('/api/docs') && operation.path !== '/api/stream',
  );
  const result = await fc.check(
    fc.asyncProperty(fuzzCases(operations), async (fuzz: FuzzCase) => {
      const values =
        fuzz.sessionInPath && fuzz.operation.path.startsWith('/webhook/')
          ? [user.sessionId, ...fuzz.pathValues]
          : fuzz.pathValues;
      const path = pathWith(fuzz.operation.path, values);
      // A wait holds its request until its timeout passes; with timeout=0 it answers at once.
      const query = fuzz.operation.path === '/api/events/wait' ? `${fuzz.query}&timeout=0` : fuzz.query;
      const request: InjectOptions = {
        method: fuzz.operation.method as InjectOptions['method'],
        url: query ? `${path}?${query}` : path,
        headers: {
          ...(fuzz.withSession ? asUser(user) : {}),
          ...(fuzz.contentType ? { 'content-type': fuzz.contentType } : {}),
        },
        ...(fuzz.operation.method === 'GET' || fuzz.operation.method === 'HEAD'
          ? {}
          : { payload: fuzz.body }),
      };
      const response = await app.inject(request);
      checkAnswer(fuzz.operation, request, response.statusCode, response.headers, response.body);
    }),
    { numRuns: runs, seed, endOnFailure: true },
  );
  if (result.failed) {
    // fast-check's own report prints the whole counterexample, 64 KB URLs included.
    const error =
      result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
    throw new Error(
      `fuzzing failed (seed ${result.seed}, path "${result.counterexamplePath}"): ${error.slice(0, 1500)}`,
    );
  }
  // Whatever it was sent, the server still serves, and the session's list still reads.
  const after = await app.inject({ method: 'GET', url: '/api/events', headers: asUser(user) });
  if (after.statusCode !== 200)
    throw new Error(`the events list broke after fuzzing: ${after.statusCode} ${after.body}`);
}
