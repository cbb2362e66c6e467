/**
 * What the fuzzing sends and what it accepts back, whatever carries the requests (in-process
 * injection in the test suite, HTTP to a server process in `npm run fuzz`): random and hostile
 * path parameters, query strings, headers and bodies (deep nesting, huge numbers, wrong types,
 * unicode and NUL bytes, broken percent-encoding, 64 KB URLs) for every documented operation, with
 * and without a session; and the promise every answer keeps.
 */
import fc from 'fast-check';
import { ON_PURPOSE_HEADER } from '../src/features/conformance/armed-answer.js';

/** A request as the fuzzing sends it: the URL as written, before any client normalises it. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Absent for GET and HEAD. */
  body?: string;
}

/** An answer as the fuzzing reads it. */
export interface FuzzAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** Carries one request to the server and resolves with its answer. */
export type SendRequest = (request: FuzzRequest) => Promise<FuzzAnswer>;

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
export interface ApiOperation {
  method: string;
  path: string;
  mediaTypes: Record<string, string[]>;
}

type DocumentPaths = Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;

/** Every operation of the server's own API document that answers at once (not the docs pages, not the event stream). */
export async function fuzzableOperations(send: SendRequest): Promise<ApiOperation[]> {
  const answer = await send({ method: 'GET', url: '/api/openapi.json', headers: {} });
  const document = JSON.parse(answer.body) as { paths: DocumentPaths };
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
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
  // The event stream stays open for as long as its client does.
  return operations.filter(
    (operation) => !operation.path.startsWith('/api/docs') && operation.path !== '/api/stream',
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

/** One fuzz case: the operation it aims at and the request that carries it. */
export interface FuzzCase {
  operation: ApiOperation;
  request: FuzzRequest;
}

/** Hostile requests to `operations`; `sessionId` is the session some of them carry or aim at. */
export function fuzzCases(operations: ApiOperation[], sessionId: string): fc.Arbitrary<FuzzCase> {
  return fc
    .record({
      operation: fc.constantFrom(...operations),
      pathValues: fc.array(hostileText, { minLength: 1, maxLength: 3 }),
      query: queryString,
      body: rawBody,
      contentType,
      withSession: fc.boolean(),
      sessionInPath: fc.boolean(),
    })
    .map((fuzz) => {
      const { operation } = fuzz;
      const values =
        fuzz.sessionInPath && operation.path.startsWith('/webhook/')
          ? [sessionId, ...fuzz.pathValues]
          : fuzz.pathValues;
      const path = pathWith(operation.path, values);
      // A wait holds its request until its timeout passes; with timeout=0 it answers at once.
      const query = operation.path === '/api/events/wait' ? `${fuzz.query}&timeout=0` : fuzz.query;
      const request: FuzzRequest = {
        method: operation.method,
        url: query ? `${path}?${query}` : path,
        headers: {
          ...(fuzz.withSession ? { 'x-session-id': sessionId } : {}),
          ...(fuzz.contentType ? { 'content-type': fuzz.contentType } : {}),
        },
        ...(operation.method === 'GET' || operation.method === 'HEAD' ? {} : { body: fuzz.body }),
      };
      return { operation, request };
    });
}

/** A sender test that a case armed on the session fails deliveries to it on purpose, and says so (in the header for HEAD). */
const ON_PURPOSE = /^\{"error":"Hookbay answered \d{3} on purpose: /;

const LEAKS = [/\bat .+\.(ts|js):\d+/, /\/work\/|\/home\/|node_modules/, /Error: .+\n\s+at /];

/** Throws when the answer breaks the promise: no 5xx, JSON errors, no internals. */
export function checkAnswer({ operation, request }: FuzzCase, answer: FuzzAnswer): void {
  const { status, body } = answer;
  const where = `${request.method} ${request.url.slice(0, 200)}`;
  const onPurpose = ON_PURPOSE.test(body) || answer.headers[ON_PURPOSE_HEADER] === 'conformance';
  if (status >= 500 && !(operation.path.startsWith('/webhook/') && onPurpose)) {
    throw new Error(`${where} answered ${status}: ${body.slice(0, 300)}`);
  }
  for (const leak of LEAKS) {
    if (leak.test(body)) throw new Error(`${where} leaked internals: ${body.slice(0, 300)}`);
  }
  // A HEAD answer has no body to say anything in.
  if (status < 400 || request.method === 'HEAD') return;
  const type = String(answer.headers['content-type'] ?? '');
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
