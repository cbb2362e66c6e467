// @vitest-environment node
/**
 * The snippets are proven by running them: each sends its request to a local HTTP server, which records
 * the method, target, header lines and body bytes it received.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { toCurl } from '../curl';
import { makeEvent } from '../test-events';
import { toFetch } from './fetch';
import { toHttpie } from './httpie';
import { pythonString, toPython } from './python';

// The web project is typed without Node's declarations (they would leak into browser code), so the few
// Node APIs this test needs are imported by non-literal names and typed here.
interface IncomingRequest {
  method?: string;
  url?: string;
  rawHeaders: string[];
  on(event: 'data', listener: (chunk: Uint8Array) => void): void;
  on(event: 'end', listener: () => void): void;
}
interface Server {
  listen(port: number, host: string, callback: () => void): void;
  address(): { port: number };
  close(): void;
}
type Handler = (request: IncomingRequest, response: { end(body: string): void }) => void;
type ExecFile = (
  file: string,
  args: string[],
  options: { maxBuffer: number },
  callback: (error: Error | null, stdout: string, stderr: string) => void,
) => void;
const [httpName, childName] = ['node:http', 'node:child_process'];
const { createServer } = (await import(/* @vite-ignore */ httpName)) as {
  createServer(handler: Handler): Server;
};
const { execFile } = (await import(/* @vite-ignore */ childName)) as { execFile: ExecFile };

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}

const isAvailable = (file: string, args: string[]): Promise<boolean> =>
  run(file, args).then(
    () => true,
    () => false,
  );

interface Received {
  method: string;
  target: string;
  headers: [string, string][];
  body: Uint8Array;
}

let server: Server;
let hook: string;
let received: Received[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Uint8Array[] = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
      let offset = 0;
      for (const chunk of chunks) {
        body.set(chunk, offset);
        offset += chunk.length;
      }
      const pairs: [string, string][] = [];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        pairs.push([request.rawHeaders[i] ?? '', request.rawHeaders[i + 1] ?? '']);
      }
      received.push({ method: request.method ?? '', target: request.url ?? '', headers: pairs, body });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hook = `http://127.0.0.1:${server.address().port}/webhook/abc`;
});
afterAll(() => server.close());

/** Runs a snippet and answers what the server received from it. */
async function send(file: string, args: string[]): Promise<Received> {
  received = [];
  await run(file, args);
  expect(received).toHaveLength(1);
  return received[0] as Received;
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const JSON_BODY = '{"name":"O\'Brien","say":"it\'s \\"fine\\"","snow":"☃ 😀","line":"a\\nb"}\n';
const BINARY = Uint8Array.from([0, 0x31, 0xff, 0x27, 0x5c, 0x0a, 0x00, 0x25, 0x62, 0x80, 0x21]);

/** A GitHub-like delivery with the headers a snippet has to get right. */
function jsonEvent(overrides: Partial<WebhookEvent> = {}): WebhookEvent {
  return makeEvent(1, {
    method: 'POST',
    path: '/github/push',
    queryString: 'a=1&b=x%20y',
    rawHeaders: [
      ['Host', 'hookbay.example'],
      ['Content-Type', 'application/json'],
      ['X-Dup', 'a'],
      ['Connection', 'keep-alive'],
      ['X-Dup', 'b'],
      ['Content-Length', String(utf8(JSON_BODY).length)],
      ['Proxy-Authorization', 'Basic secret'],
      ['X-Latin1', 'caf\u00e9'],
    ],
    body: JSON_BODY,
    ...overrides,
  });
}

const binaryEvent = (): WebhookEvent =>
  jsonEvent({
    body: btoa(String.fromCharCode(...BINARY)),
    bodyEncoding: 'base64',
    rawHeaders: [['Content-Type', 'application/octet-stream']],
  });

const TARGET = '/webhook/abc/github/push?a=1&b=x%20y';

/** Header lines a client adds on its own, left out of the comparison. */
const without = (headers: [string, string][], names: string[]) =>
  headers.filter(([name]) => !names.includes(name.toLowerCase()));

describe('Copy as cURL, run', () => {
  it('delivers method, target, headers in order and case, and the body bytes', async () => {
    const got = await send('bash', ['-c', toCurl(jsonEvent(), hook)]);
    expect(got.method).toBe('POST');
    expect(got.target).toBe(TARGET);
    expect(without(got.headers, ['host', 'content-length'])).toEqual([
      ['Content-Type', 'application/json'],
      ['X-Dup', 'a'],
      ['X-Dup', 'b'],
      ['X-Latin1', 'caf\u00e9'],
    ]);
    expect(got.body).toEqual(utf8(JSON_BODY));
  });

  it('delivers a binary body with NUL bytes exactly', async () => {
    const got = await send('bash', ['-c', toCurl(binaryEvent(), hook)]);
    expect(got.body).toEqual(BINARY);
  });
});

describe('Copy as JavaScript (fetch), run with Node', () => {
  const FETCH_DEFAULTS = [
    'host',
    'connection',
    'content-length',
    'user-agent',
    'accept',
    'accept-language',
    'accept-encoding',
    'sec-fetch-mode',
  ];

  it('delivers method, target, headers and the body bytes', async () => {
    const got = await send(process.execPath, ['--input-type=module', '-e', toFetch(jsonEvent(), hook)]);
    expect(got.method).toBe('POST');
    expect(got.target).toBe(TARGET);
    // fetch joins a repeated header into one line.
    expect(without(got.headers, FETCH_DEFAULTS)).toEqual([
      ['Content-Type', 'application/json'],
      ['X-Dup', 'a, b'],
      ['X-Latin1', 'caf\u00e9'],
    ]);
    expect(got.body).toEqual(utf8(JSON_BODY));
  });

  it('delivers a binary body exactly, and no Content-Type for a body that had none', async () => {
    const got = await send(process.execPath, ['--input-type=module', '-e', toFetch(binaryEvent(), hook)]);
    expect(got.body).toEqual(BINARY);
    const bare = await send(process.execPath, [
      '--input-type=module',
      '-e',
      toFetch(jsonEvent({ rawHeaders: [], body: 'plain' }), hook),
    ]);
    expect(bare.body).toEqual(utf8('plain'));
    expect(bare.headers.some(([name]) => name.toLowerCase() === 'content-type')).toBe(false);
  });
});

/** The exact texts for a small request: checked always, whatever is installed. */
const small = (): WebhookEvent =>
  makeEvent(2, {
    method: 'POST',
    path: '/',
    queryString: 'q=1',
    rawHeaders: [
      ['Host', 'h'],
      ['Content-Type', 'text/plain'],
      ['X-Dup', 'a'],
      ['X-Dup', 'b'],
      ['X-Eq', '=x'],
      ['X-Empty', ''],
      ['Transfer-Encoding', 'chunked'],
    ],
    body: "it's ☃\n",
  });

const SMALL_HTTPIE = `printf '%s' $'it\\'s \\xe2\\x98\\x83\\x0a' | http POST 'https://hookbay.example/webhook/abc?q=1' \\
  'Content-Type:text/plain' \\
  'X-Dup:a' \\
  'X-Dup:b' \\
  'X-Eq:\\=x' \\
  'X-Empty;' \\
  'User-Agent:' \\
  'Accept:' \\
  'Accept-Encoding:'`;

const SMALL_PYTHON = `import requests

response = requests.request(
    "POST",
    "https://hookbay.example/webhook/abc?q=1",
    headers={
        "Content-Type": "text/plain",
        "X-Dup": "a, b",
        "X-Eq": "=x",
        "X-Empty": "",
        "Accept": None,
    },
    data="it's \\u2603\\n".encode("utf-8"),
)
print(response.status_code, response.text)`;

const SMALL_FETCH = `const response = await fetch("https://hookbay.example/webhook/abc?q=1", {
  method: "POST",
  headers: [
    ["Content-Type", "text/plain"],
    ["X-Dup", "a"],
    ["X-Dup", "b"],
    ["X-Eq", "=x"],
    ["X-Empty", ""],
  ],
  body: new TextEncoder().encode("it's ☃\\n"),
});
console.log(response.status, await response.text());`;

describe('snippet texts', () => {
  const HOOK = 'https://hookbay.example/webhook/abc';

  it('writes the HTTPie command exactly', () => {
    expect(toHttpie(small(), HOOK)).toBe(SMALL_HTTPIE);
  });

  it('writes the Python script exactly', () => {
    expect(toPython(small(), HOOK)).toBe(SMALL_PYTHON);
  });

  it('writes the fetch call exactly', () => {
    expect(toFetch(small(), HOOK)).toBe(SMALL_FETCH);
  });

  it('decodes a binary body from base64 in every snippet', () => {
    const base64 = btoa(String.fromCharCode(...BINARY));
    expect(toHttpie(binaryEvent(), HOOK)).toMatch(
      new RegExp(`^printf '%s' '${base64.replace(/[+/]/g, '\\$&')}' \\| base64 --decode \\| http POST `),
    );
    expect(toPython(binaryEvent(), HOOK)).toContain(`import base64\n`);
    expect(toPython(binaryEvent(), HOOK)).toContain(`    data=base64.b64decode("${base64}"),\n`);
    expect(toFetch(binaryEvent(), HOOK)).toContain(
      `  body: Uint8Array.from(atob("${base64}"), (c) => c.charCodeAt(0)),\n`,
    );
  });

  it('reads an incomplete body from body.bin and says where to get it', () => {
    const cut = jsonEvent({ bodyCut: true, size: 5_000_000 });
    const note = 'body: download it from https://hookbay.example/api/events/1/body as body.bin';
    const url = 'https://hookbay.example/api/events/1/body';
    expect(toHttpie(cut, HOOK, url)).toMatch(new RegExp(`^# ${note}\\nhttp POST [^]*< body.bin$`));
    expect(toPython(cut, HOOK, url)).toMatch(
      new RegExp(`^# ${note}\\n[^]*data=open\\("body.bin", "rb"\\).read\\(\\)`),
    );
    expect(toFetch(cut, HOOK, url)).toMatch(new RegExp(`^// ${note}\\n[^]*readFile\\('body.bin'\\)`));
  });

  it('sends no body and tells HTTPie not to wait for one when there was none', () => {
    const get = makeEvent(3, { method: 'GET', path: '/ping', rawHeaders: [['Accept', '*/*']] });
    expect(toHttpie(get, HOOK)).toBe(
      `http --ignore-stdin GET 'https://hookbay.example/webhook/abc/ping' \\\n  'Accept:*/*' \\\n  'User-Agent:' \\\n  'Accept-Encoding:'`,
    );
    expect(toPython(get, HOOK)).not.toContain('data=');
    expect(toFetch(get, HOOK)).not.toContain('body:');
  });

  it('escapes Python strings by code point', () => {
    expect(pythonString('a"\\\t\u0000é€😀')).toBe('"a\\"\\\\\\t\\x00\\xe9\\u20ac\\U0001f600"');
  });
});

describe('Copy as Python and HTTPie, run when installed', () => {
  it('Python requests delivers the same request (else its text is checked)', async () => {
    if (!(await isAvailable('python3', ['-c', 'import requests']))) {
      expect(toPython(small(), 'https://hookbay.example/webhook/abc')).toBe(SMALL_PYTHON);
      return;
    }
    const got = await send('python3', ['-c', toPython(jsonEvent(), hook)]);
    expect(got.method).toBe('POST');
    expect(got.target).toBe(TARGET);
    const added = ['host', 'connection', 'content-length', 'user-agent', 'accept-encoding'];
    expect(without(got.headers, added)).toEqual([
      ['Content-Type', 'application/json'],
      ['X-Dup', 'a, b'],
      ['X-Latin1', 'caf\u00e9'],
    ]);
    expect(got.body).toEqual(utf8(JSON_BODY));
    expect((await send('python3', ['-c', toPython(binaryEvent(), hook)])).body).toEqual(BINARY);
  });

  it('HTTPie delivers the same request (else its text is checked)', async () => {
    if (!(await isAvailable('http', ['--version']))) {
      expect(toHttpie(small(), 'https://hookbay.example/webhook/abc')).toBe(SMALL_HTTPIE);
      return;
    }
    const got = await send('bash', ['-c', toHttpie(jsonEvent(), hook)]);
    expect(got.method).toBe('POST');
    expect(got.target).toBe(TARGET);
    expect(without(got.headers, ['host', 'connection', 'content-length'])).toEqual([
      ['Content-Type', 'application/json'],
      ['X-Dup', 'a'],
      ['X-Dup', 'b'],
      ['X-Latin1', 'caf\u00e9'],
    ]);
    expect(got.body).toEqual(utf8(JSON_BODY));
    expect((await send('bash', ['-c', toHttpie(binaryEvent(), hook)])).body).toEqual(BINARY);
  });
});
