import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.js';
import { chooseKey, parseServer } from './command-line.js';

const WEBHOOK = 'https://hookbay.test/webhook/1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const KEY = `hbk_0123456789abcdef_${'k'.repeat(43)}`;

describe('hookbay --key: the command line', () => {
  it('reads --key and --key= on both commands', () => {
    expect(parseArgs(['forward', WEBHOOK, '--to', 'http://localhost:3000', '--key', KEY])).toMatchObject({
      command: 'forward',
      routes: [{ key: KEY }],
    });
    expect(
      parseArgs(['replay', WEBHOOK, '7', '--to', 'http://localhost:3000', `--key=${KEY}`]),
    ).toMatchObject({ command: 'replay', eventId: 7, key: KEY });
  });

  it('refuses a missing key or something that is no key, and prefers --key to HOOKBAY_KEY', () => {
    expect(() => parseArgs(['forward', WEBHOOK, '--to', 'http://x', '--key'])).toThrow('--key needs a key');
    expect(() => parseArgs(['forward', WEBHOOK, '--to', 'http://x', '--key', 'secret'])).toThrow(
      '--key is not a Hookbay key',
    );
    expect(chooseKey(KEY, 'hbk_other')).toBe(KEY);
    expect(chooseKey(undefined, ` ${KEY}\n`)).toBe(KEY);
    expect(chooseKey(undefined, '')).toBeUndefined();
    expect(chooseKey(undefined, undefined)).toBeUndefined();
    expect(() => chooseKey(undefined, 'secret')).toThrow('HOOKBAY_KEY is not a Hookbay key');
  });

  it('takes --key on wait and mcp too, and not on serve', () => {
    expect(parseArgs(['wait', WEBHOOK, '--key', KEY])).toMatchObject({ command: 'wait', key: KEY });
    expect(parseArgs(['mcp', `--key=${KEY}`])).toMatchObject({ command: 'mcp', key: KEY });
    expect(() => parseArgs(['serve', '--key', KEY])).toThrow(
      '--key belongs to forward and replay and wait and conformance and mcp',
    );
  });
});

describe('hookbay wait: the command line', () => {
  it('reads every option, with the defaults of the rest', () => {
    expect(parseArgs(['wait', WEBHOOK])).toEqual({
      command: 'wait',
      webhookUrl: new URL(WEBHOOK),
      count: 1,
      timeoutSeconds: 30,
    });
    expect(
      parseArgs([
        'wait',
        WEBHOOK,
        '--match',
        'deployment_succeeded',
        '--method=post,put',
        '--count',
        '3',
        '--timeout',
        '0.5',
        '--after',
        '41',
      ]),
    ).toEqual({
      command: 'wait',
      webhookUrl: new URL(WEBHOOK),
      match: 'deployment_succeeded',
      method: 'POST,PUT',
      count: 3,
      timeoutSeconds: 0.5,
      after: 41,
    });
    expect(parseArgs(['wait', WEBHOOK, '--after', 'now', '--timeout', '900'])).toMatchObject({
      after: 'now',
      timeoutSeconds: 900,
    });
  });

  it('refuses wrong values with a reason', () => {
    const cases: [string[], string][] = [
      [['wait'], 'the webhook URL is missing'],
      [['wait', 'http://h.test/nothing'], 'not a webhook URL'],
      [['wait', WEBHOOK, 'extra'], 'unexpected argument extra'],
      [['wait', WEBHOOK, '--count', '0'], '--count must be a whole number from 1 to 1000'],
      [['wait', WEBHOOK, '--count', '1001'], '--count must be a whole number from 1 to 1000'],
      [['wait', WEBHOOK, '--count', 'two'], '--count must be a whole number from 1 to 1000'],
      [['wait', WEBHOOK, '--timeout', '-1'], '--timeout must be a number of seconds'],
      [['wait', WEBHOOK, '--timeout', '1m'], '--timeout must be a number of seconds'],
      [['wait', WEBHOOK, '--after', 'yesterday'], '--after must be an event id or now'],
      [['wait', WEBHOOK, '--method', 'POST GET'], '--method must be HTTP methods separated by commas'],
      [['wait', WEBHOOK, '--match', ''], '--match needs a search text'],
      [['wait', WEBHOOK, '--match', 'x'.repeat(201)], '--match is longer than 200 characters'],
      [['wait', WEBHOOK, '--timeout'], '--timeout needs a number of seconds'],
      [['wait', WEBHOOK, '--to', 'http://x'], '--to belongs to forward and replay'],
      [['wait', WEBHOOK, '--respond'], '--respond belongs to forward'],
    ];
    for (const [args, reason] of cases) {
      expect(() => parseArgs(args), args.join(' ')).toThrow(reason);
    }
  });
});

describe('hookbay mcp and serve: the command line', () => {
  it('reads mcp with a webhook URL or a server, not both', () => {
    expect(parseArgs(['mcp', WEBHOOK])).toMatchObject({ command: 'mcp', webhookUrl: new URL(WEBHOOK) });
    expect(parseArgs(['mcp', '--server', 'https://hooks.example.com/base/'])).toMatchObject({
      command: 'mcp',
      server: 'https://hooks.example.com/base',
    });
    expect(parseArgs(['mcp'])).toEqual({ command: 'mcp' });
    expect(() => parseArgs(['mcp', WEBHOOK, '--server', 'https://h.test'])).toThrow(
      'give a webhook URL or --server, not both',
    );
    expect(() => parseArgs(['mcp', '--server', 'ftp://h.test'])).toThrow(
      'must start with http:// or https://',
    );
    expect(parseServer('http://localhost:3000/', 'HOOKBAY_SERVER')).toBe('http://localhost:3000');
  });

  it('reads serve with a port and a host', () => {
    expect(parseArgs(['serve'])).toEqual({ command: 'serve' });
    expect(parseArgs(['serve', '--port', '8080', '--host=127.0.0.1'])).toEqual({
      command: 'serve',
      port: 8080,
      host: '127.0.0.1',
    });
    expect(() => parseArgs(['serve', '--port', '70000'])).toThrow(
      '--port must be a port number from 0 to 65535',
    );
    expect(() => parseArgs(['serve', 'now'])).toThrow('unexpected argument now');
  });
});

describe('hookbay help', () => {
  it('answers help for --help, -h and help <command>, anywhere on the line', () => {
    expect(parseArgs(['--help'])).toEqual({ command: 'help', topic: null });
    expect(parseArgs(['wait', '-h'])).toEqual({ command: 'help', topic: 'wait' });
    expect(parseArgs(['forward', WEBHOOK, '--help'])).toEqual({ command: 'help', topic: 'forward' });
    expect(parseArgs(['help', 'mcp'])).toEqual({ command: 'help', topic: 'mcp' });
    expect(parseArgs(['--version'])).toEqual({ command: 'version' });
    expect(() => parseArgs(['help', 'send'])).toThrow('unknown command send');
  });
});
