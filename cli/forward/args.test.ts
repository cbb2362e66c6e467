import { describe, expect, it } from 'vitest';
import { parseArgs } from '../args.js';

const GITHUB = 'https://hookbay.test/webhook/github-dev';
const STRIPE = 'https://hookbay.test/webhook/stripe-dev';
const KEY_ONE = `hbk_0123456789abcdef_${'a'.repeat(43)}`;
const KEY_TWO = `hbk_fedcba9876543210_${'b'.repeat(43)}`;

describe('hookbay forward: the command line', () => {
  it('reads one webhook URL with its options in any order, as it always did', () => {
    const expected = {
      command: 'forward',
      routes: [{ webhookUrl: new URL(GITHUB), target: new URL('http://localhost:3000/'), key: KEY_ONE }],
      respond: true,
    };
    expect(
      parseArgs(['forward', GITHUB, '--to', 'http://localhost:3000', '--key', KEY_ONE, '--respond']),
    ).toEqual(expected);
    expect(
      parseArgs(['forward', '--respond', `--key=${KEY_ONE}`, '--to=http://localhost:3000', GITHUB]),
    ).toEqual(expected);
  });

  it('pairs each webhook URL with the --to and --key written after it; --match goes for all', () => {
    expect(
      parseArgs([
        'forward',
        GITHUB,
        '--to',
        'http://localhost:3000/github',
        '--key',
        KEY_ONE,
        '--match',
        'sig:valid push',
        STRIPE,
        '--key',
        KEY_TWO,
        '--to',
        'http://localhost:4000/stripe',
      ]),
    ).toEqual({
      command: 'forward',
      routes: [
        { webhookUrl: new URL(GITHUB), target: new URL('http://localhost:3000/github'), key: KEY_ONE },
        { webhookUrl: new URL(STRIPE), target: new URL('http://localhost:4000/stripe'), key: KEY_TWO },
      ],
      respond: false,
      match: 'sig:valid push',
    });
  });

  it('refuses a command line whose pairs are not clear, with a reason', () => {
    const to = (port: number) => ['--to', `http://localhost:${port}`];
    const cases: [string[], string][] = [
      [['forward', ...to(1)], 'the webhook URL is missing'],
      [['forward', GITHUB], '--to <target URL> is missing'],
      [['forward', GITHUB, ...to(1), STRIPE], `--to <target URL> is missing after ${STRIPE}`],
      [['forward', GITHUB, STRIPE, ...to(1)], `--to <target URL> is missing after ${GITHUB}`],
      [['forward', GITHUB, ...to(1), ...to(2)], `--to is given twice for ${GITHUB}`],
      [['forward', ...to(1), GITHUB, ...to(2)], '--to is given twice: write one --to after each webhook URL'],
      [
        ['forward', ...to(1), GITHUB, STRIPE, ...to(2)],
        'with several webhook URLs, write each --to and --key after its webhook URL',
      ],
      [
        ['forward', GITHUB, ...to(1), `${GITHUB}/sub/path`, ...to(2)],
        'https://hookbay.test/webhook/github-dev is given twice: forward each inspector once',
      ],
      [
        ['forward', GITHUB, ...to(1), STRIPE, '--to', 'localhost:2'],
        'the target URL must start with http://',
      ],
      [['forward', GITHUB, ...to(1), 'https://hookbay.test/other', ...to(2)], 'not a webhook URL'],
      [['forward', GITHUB, ...to(1), '--key', 'secret'], '--key is not a Hookbay key'],
      [['forward', GITHUB, ...to(1), '--match', ''], '--match needs a search text'],
      [['forward', GITHUB, ...to(1), '--match', 'x'.repeat(201)], '--match is longer than 200 characters'],
      [['forward', GITHUB, ...to(1), '--match', 'x', '--respond'], '--respond does not go with --match'],
      [['forward', GITHUB, ...to(1), '--method', 'POST'], '--method belongs to replay and wait'],
    ];
    for (const [args, reason] of cases) {
      expect(() => parseArgs(args), args.join(' ')).toThrow(reason);
    }
  });
});
