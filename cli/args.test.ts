import { describe, expect, it } from 'vitest';
import { chooseKey, parseArgs } from './args.js';

const WEBHOOK = 'https://hookbay.test/webhook/1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const KEY = `hbk_0123456789abcdef_${'k'.repeat(43)}`;

describe('hookbay --key: the command line', () => {
  it('reads --key and --key= on both commands', () => {
    expect(parseArgs(['forward', WEBHOOK, '--to', 'http://localhost:3000', '--key', KEY])).toMatchObject({
      command: 'forward',
      key: KEY,
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
});

describe('hookbay help', () => {
  it('answers help for --help, -h and help <command>, anywhere on the line', () => {
    expect(parseArgs(['--help'])).toEqual({ command: 'help', topic: null });
    expect(parseArgs(['replay', '-h'])).toEqual({ command: 'help', topic: 'replay' });
    expect(parseArgs(['forward', WEBHOOK, '--help'])).toEqual({ command: 'help', topic: 'forward' });
    expect(parseArgs(['help', 'replay'])).toEqual({ command: 'help', topic: 'replay' });
    expect(parseArgs(['--version'])).toEqual({ command: 'version' });
    expect(() => parseArgs(['help', 'send'])).toThrow('unknown command send');
  });
});
