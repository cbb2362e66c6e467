// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { WebhookEvent } from '../../../../shared/webhooks';
import { shellQuoteBytes, toCurl } from './curl';
import { makeEvent } from './test-events';

// The web project is typed without Node's declarations (they would leak Buffer and process into browser
// code), so the one Node API this test needs is imported by a non-literal name and typed here.
type ExecFileSync = (file: string, args: string[], options: { input: string; encoding: 'utf8' }) => string;
const childProcess = 'node:child_process';
const { execFileSync } = (await import(/* @vite-ignore */ childProcess)) as { execFileSync: ExecFileSync };

const HOOK = 'https://hookbay.example/webhook/abc123';

/** A captured request to the hook's own address, unless `overrides` say otherwise. */
const event = (overrides: Partial<WebhookEvent>): WebhookEvent => makeEvent(1, { path: '/', ...overrides });

interface CurlCall {
  args: Uint8Array[];
  stdin: Uint8Array;
}

/** Fake curl: prints each argument, then its stdin, as one line of hex. */
const FAKE_CURL = `export LC_ALL=C
hex() { od -An -v -tx1 | tr -d ' \\n'; echo; }
curl() {
  local a
  for a in "$@"; do printf '%s' "$a" | hex; done
  echo STDIN
  hex
}
`;

const fromHex = (hex: string): Uint8Array => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

/**
 * Runs the command with bash, curl replaced by FAKE_CURL. The script goes in on stdin (a long command would
 * hit the very argument limit under test); reading it all first leaves curl an empty stdin unless piped.
 */
function run(command: string): CurlCall {
  const output = execFileSync('bash', ['-c', 'eval "$(cat)"'], {
    input: FAKE_CURL + command,
    encoding: 'utf8',
  });
  const lines = output.split('\n');
  const marker = lines.indexOf('STDIN');
  expect(marker).toBeGreaterThanOrEqual(0);
  return { args: lines.slice(0, marker).map(fromHex), stdin: fromHex(lines[marker + 1] ?? '') };
}

const latin1 = (bytes: Uint8Array): string => {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
};
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

const strings = (call: CurlCall): string[] => call.args.map(latin1);

function after(call: CurlCall, option: string): Uint8Array {
  const index = strings(call).indexOf(option);
  expect(index).toBeGreaterThanOrEqual(0);
  return call.args[index + 1] as Uint8Array;
}

const headerArgs = (call: CurlCall): string[] =>
  strings(call).flatMap((a, i, all) => (i > 0 && all[i - 1] === '-H' ? [a] : []));

describe('toCurl', () => {
  it('sends a JSON body with single quotes exactly', () => {
    const body = `{"name":"O'Brien","quote":"it's \\"fine\\"","n":1}`;
    const command = toCurl(
      event({ body, rawHeaders: [['Content-Type', 'application/json']], contentType: 'application/json' }),
      HOOK,
    );
    expect(command).toContain(`'\\''`);
    const call = run(command);
    expect(strings(call).slice(0, 3)).toEqual(['-X', 'POST', HOOK]);
    expect(after(call, '--data-binary')).toEqual(utf8(body));
    expect(headerArgs(call)).toContain('Content-Type: application/json');
  });

  it('sends a body with newlines and unicode byte for byte using $-quoting', () => {
    const body = 'line 1\r\nlíne 2 ☃ 😀\n\ttab\\back $HOME `x` !event\n';
    const command = toCurl(event({ body }), HOOK);
    expect(command).toContain("--data-binary $'");
    const call = run(command);
    expect(after(call, '--data-binary')).toEqual(utf8(body));
  });

  it('pipes a binary body with NUL bytes through printf', () => {
    const bytes = Uint8Array.from([
      0, 0x31, 0x32, 0xff, 0x27, 0x5c, 0x0a, 0x00, 0x37, 0x41, 0x80, 0x25, 0x62, 0x00,
    ]);
    const command = toCurl(event({ body: btoa(latin1(bytes)), bodyEncoding: 'base64' }), HOOK);
    expect(command.startsWith("printf '%b' ")).toBe(true);
    const call = run(command);
    expect(latin1(after(call, '--data-binary'))).toBe('@-');
    expect(call.stdin).toEqual(bytes);
  });

  it('pipes a body that starts with "@" so curl does not read a file', () => {
    const call = run(toCurl(event({ body: '@/etc/passwd' }), HOOK));
    expect(latin1(after(call, '--data-binary'))).toBe('@-');
    expect(latin1(call.stdin)).toBe('@/etc/passwd');
  });

  it('pipes a body too large for one argument', () => {
    const body = 'x'.repeat(200_000) + "'\n";
    const call = run(toCurl(event({ body }), HOOK));
    expect(latin1(call.stdin)).toBe(body);
  });

  it('keeps repeated headers in order and case, and drops hop-by-hop ones', () => {
    const command = toCurl(
      event({
        method: 'GET',
        rawHeaders: [
          ['Host', 'hookbay.example'],
          ['X-Dup', 'a'],
          ['Accept-Encoding', 'gzip'],
          ['x-dup', "b 'quoted'"],
          ['Connection', 'keep-alive'],
          ['Content-Length', '0'],
          ['Transfer-Encoding', 'chunked'],
          ['X-Dup', 'c'],
          ['X-Empty', ''],
          ['X-Latin1', 'caf\u00e9'],
          ['User-Agent', 'sender/1.0'],
        ],
      }),
      HOOK,
    );
    const call = run(command);
    const headers = headerArgs(call);
    expect(headers.slice(0, 6)).toEqual([
      'X-Dup: a',
      'Accept-Encoding: gzip',
      "x-dup: b 'quoted'",
      'X-Dup: c',
      'X-Empty;',
      'X-Latin1: caf\u00e9',
    ]);
    // Header bytes are latin1 as Node read them, not UTF-8.
    expect(call.args[strings(call).indexOf('X-Latin1: caf\u00e9')]).toEqual(
      Uint8Array.from([...'X-Latin1: caf'].map((c) => c.charCodeAt(0)).concat(0xe9)),
    );
    expect(headers).not.toContain('User-Agent:');
    expect(headers).toContain('Accept:');
    expect(headers.some((h) => /^(host|connection|content-length|transfer-encoding)/i.test(h))).toBe(false);
    // The announced empty body is still sent.
    expect(after(call, '--data-binary').length).toBe(0);
  });

  it('appends the path and a query string with & and spaces exactly', () => {
    const queryString = "a=1&b=two words&c=%20x&d='q'&e[]=1";
    const call = run(toCurl(event({ method: 'GET', path: '/orders/42', queryString }), HOOK));
    expect(strings(call)).toContain('--globoff');
    expect(strings(call)).toContain(`${HOOK}/orders/42?${queryString}`);
    expect(strings(call)).not.toContain('--data-binary');

    const bare = run(toCurl(event({ method: 'GET' }), HOOK));
    expect(strings(bare).slice(0, 3)).toEqual(['-X', 'GET', HOOK]);
  });

  it('uses --head for a HEAD request', () => {
    const call = run(toCurl(event({ method: 'HEAD', path: '/ping' }), HOOK));
    expect(strings(call)[0]).toBe('--head');
    expect(strings(call)).not.toContain('-X');
    expect(strings(call)).toContain(`${HOOK}/ping`);
  });

  it('reads an incomplete body from body.bin and says where to get it', () => {
    const command = toCurl(
      event({ body: 'partial', truncated: true, size: 5_000_000 }),
      HOOK,
      'https://hookbay.example/api/events/1/body\n rm -rf /',
    );
    const [comment] = command.split('\n');
    expect(comment).toBe(
      '# body: download it from https://hookbay.example/api/events/1/body rm -rf / as body.bin',
    );
    const call = run(command);
    expect(latin1(after(call, '--data-binary'))).toBe('@body.bin');
    expect(headerArgs(call)).toContain('Expect:');
  });
});

describe('shellQuoteBytes', () => {
  it('uses plain single quotes for printable text and $-quoting otherwise', () => {
    expect(shellQuoteBytes(utf8("it's"))).toBe(`'it'\\''s'`);
    expect(shellQuoteBytes(utf8('a\nb'))).toBe("$'a\\x0ab'");
    expect(shellQuoteBytes(new Uint8Array(0))).toBe("''");
  });
});
