import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_RESPONSE_BODY_BYTES, parseResponseRules, refusedHeaderReason } from './responses.js';
import { utf8Length } from './rule-fields.js';
import { chanceSaysYes, seededDraw } from './response-chance.js';
import { compileRule, firstMatchingRule, responseIndex } from './rule-matching.js';
import { globToRegExp } from './path-glob.js';

const ok = { status: 200 };

function errorOf(input: unknown): string {
  const result = parseResponseRules(input);
  if (!('error' in result)) throw new Error('expected the input to be refused');
  return result.error;
}

describe('globToRegExp', () => {
  it.each([
    ['*', '/', true],
    ['*', '/a/b/c', true],
    ['/', '/', true],
    ['/', '/github', false],
    ['/github', '/github', true],
    ['/github', '/github/push', false],
    ['/github/*', '/github/push', true],
    ['/github/*', '/github/a/b', true],
    ['/github/*', '/github', false],
    ['/github*', '/github', true],
    ['/*/events', '/a/b/events', true],
    ['/*/events', '/a/b/events/x', false],
    ['/a.b', '/a.b', true],
    ['/a.b', '/axb', false],
    ['/(x)+[y]$^{1}|\\', '/(x)+[y]$^{1}|\\', true],
    ['/(x)+', '/xx', false],
  ])('%s on %s: %s', (glob, path, expected) => {
    expect(globToRegExp(glob).test(path)).toBe(expected);
  });

  it('treats every character but * literally', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const glob = `/${text.replaceAll('*', '')}`;
        expect(globToRegExp(glob).test(glob)).toBe(true);
        expect(globToRegExp(glob).test(`${glob}x`)).toBe(false);
      }),
    );
  });
});

describe('firstMatchingRule', () => {
  const rules = [
    compileRule({ method: 'post', path: '/github/*' }),
    compileRule({ method: '*', path: '/github/*' }),
    compileRule({ method: 'GET', path: '*' }),
  ];

  it('takes the first rule whose method and path both match', () => {
    expect(firstMatchingRule(rules, 'POST', '/github/push')).toBe(0);
    expect(firstMatchingRule(rules, 'put', '/github/push')).toBe(1);
    expect(firstMatchingRule(rules, 'GET', '/github/push')).toBe(1);
    expect(firstMatchingRule(rules, 'get', '/other')).toBe(2);
  });

  it('looks from a given rule on', () => {
    expect(firstMatchingRule(rules, 'POST', '/github/push', 1)).toBe(1);
    expect(firstMatchingRule(rules, 'POST', '/github/push', 2)).toBe(-1);
  });

  it('answers -1 when no rule matches', () => {
    expect(firstMatchingRule(rules, 'POST', '/other')).toBe(-1);
    expect(firstMatchingRule([], 'GET', '/')).toBe(-1);
  });
});

describe('responseIndex', () => {
  it('goes through the responses, then repeats the last', () => {
    expect([0, 1, 2, 3, 4].map((n) => responseIndex(n, 3, 'repeat-last'))).toEqual([0, 1, 2, 2, 2]);
  });

  it('starts again from the first with cycle', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => responseIndex(n, 3, 'cycle'))).toEqual([0, 1, 2, 0, 1, 2, 0]);
  });

  it('always answers the one response of a single-response rule', () => {
    expect([0, 1, 9].map((n) => responseIndex(n, 1, 'cycle'))).toEqual([0, 0, 0]);
    expect([0, 1, 9].map((n) => responseIndex(n, 1, 'repeat-last'))).toEqual([0, 0, 0]);
  });
});

describe('refusedHeaderReason', () => {
  it.each([
    'Connection',
    'keep-alive',
    'Transfer-Encoding',
    'TE',
    'Trailer',
    'Upgrade',
    'Proxy-Authorization',
  ])('refuses the hop-by-hop header %s', (name) => {
    expect(refusedHeaderReason(name)).toBe(`${name} is a hop-by-hop header and cannot be set.`);
  });

  it('refuses Content-Length', () => {
    expect(refusedHeaderReason('content-length')).toBe(
      'Content-Length is computed from the body and cannot be set.',
    );
  });

  it.each(['Set-Cookie', 'set-cookie2', 'Clear-Site-Data'])(
    'refuses %s, which would act on the site itself',
    (name) => {
      expect(refusedHeaderReason(name)).toBe(
        `${name} would act on Hookbay's own cookies or storage in a visitor's browser and cannot be set.`,
      );
    },
  );

  it.each(['Content-Type', 'Retry-After', 'Access-Control-Allow-Origin', 'X-Proxy'])('allows %s', (name) => {
    expect(refusedHeaderReason(name)).toBeNull();
  });
});

describe('utf8Length', () => {
  it('counts the bytes of UTF-8 text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        // encodeURIComponent writes each UTF-8 byte as one %XX.
        expect(utf8Length(text)).toBe(encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, 'x').length);
      }),
    );
  });
});

describe('parseResponseRules', () => {
  it('fills in the defaults', () => {
    expect(parseResponseRules({ rules: [{ responses: [ok] }] })).toEqual({
      rules: [
        {
          method: '*',
          path: '*',
          responses: [{ status: 200, headers: {}, body: '', delayMs: 0 }],
          then: 'repeat-last',
        },
      ],
    });
  });

  it('keeps the given values and writes the method in upper case', () => {
    const rule = {
      method: 'post',
      path: '/github/*',
      responses: [{ status: 429, headers: { 'Retry-After': '30' }, body: 'slow down', delayMs: 30_000 }],
      then: 'cycle',
    };
    expect(parseResponseRules({ rules: [rule] })).toEqual({ rules: [{ ...rule, method: 'POST' }] });
  });

  it('accepts 50 rules of 20 responses with 20 headers and a 64 KiB body', () => {
    const headers = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`X-H${index}`, 'v']));
    const response = { status: 599, headers, body: 'é'.repeat(MAX_RESPONSE_BODY_BYTES / 2) };
    const rule = { responses: Array.from({ length: 20 }, () => response) };
    const result = parseResponseRules({ rules: Array.from({ length: 50 }, () => rule) });
    expect('rules' in result && result.rules).toHaveLength(50);
  });

  it.each([
    [{}, 'rules: rules must be a list.'],
    [[], 'Send {"rules": [...]}.'],
    [{ rules: Array.from({ length: 51 }, () => ({ responses: [ok] })) }, 'rules: At most 50 rules.'],
    [{ rules: [{ responses: [] }] }, 'rules[0].responses: A rule needs at least one response.'],
    [
      { rules: [{ responses: Array.from({ length: 21 }, () => ok) }] },
      'rules[0].responses: A rule may have at most 20 responses.',
    ],
    [
      { rules: [{ responses: [ok] }, { responses: [ok] }, { responses: [{ status: 600 }] }] },
      'rules[2].responses[0].status: The status must be a number from 100 to 599, or a template such as {{query.status}}.',
    ],
    [
      { rules: [{ responses: [{ status: 99 }] }] },
      'rules[0].responses[0].status: The status must be a number from 100 to 599, or a template such as {{query.status}}.',
    ],
    [
      { rules: [{ responses: [{ status: 200.5 }] }] },
      'rules[0].responses[0].status: The status must be a number from 100 to 599, or a template such as {{query.status}}.',
    ],
    [
      { rules: [{ responses: [{}] }] },
      'rules[0].responses[0].status: The status must be a number from 100 to 599, or a template such as {{query.status}}.',
    ],
    [
      { rules: [{ responses: [{ status: 200, delayMs: 30_001 }] }] },
      'rules[0].responses[0].delayMs: The delay must be from 0 to 30000 ms.',
    ],
    [
      { rules: [{ responses: [{ status: 200, delayMs: -1 }] }] },
      'rules[0].responses[0].delayMs: The delay must be from 0 to 30000 ms.',
    ],
    [
      { rules: [{ responses: [{ status: 200, body: 'x'.repeat(MAX_RESPONSE_BODY_BYTES + 1) }] }] },
      'rules[0].responses[0].body: The body may be at most 64 KiB.',
    ],
    [
      { rules: [{ responses: [{ status: 200, headers: { Connection: 'close' } }] }] },
      'rules[0].responses[0].headers.Connection: Connection is a hop-by-hop header and cannot be set.',
    ],
    [
      { rules: [{ responses: [{ status: 200, headers: { 'Content-Length': '5' } }] }] },
      'rules[0].responses[0].headers.Content-Length: Content-Length is computed from the body and cannot be set.',
    ],
    [
      { rules: [{ responses: [{ status: 200, headers: { 'Bad Name': 'x' } }] }] },
      'rules[0].responses[0].headers.Bad Name: "Bad Name" is not a valid header name.',
    ],
    [
      { rules: [{ responses: [{ status: 200, headers: { 'X-A': '1', 'x-a': '2' } }] }] },
      'rules[0].responses[0].headers.x-a: x-a is given twice.',
    ],
    [
      { rules: [{ responses: [{ status: 200, headers: { 'X-A': 'line\r\nInjected: 1' } }] }] },
      'rules[0].responses[0].headers.X-A: The value holds a character headers cannot carry.',
    ],
    [
      {
        rules: [
          {
            responses: [
              {
                status: 200,
                headers: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`X-${i}`, 'v'])),
              },
            ],
          },
        ],
      },
      'rules[0].responses[0].headers: At most 20 headers.',
    ],
    [
      { rules: [{ method: 'GET POST', responses: [ok] }] },
      'rules[0].method: The method must be * or one HTTP method, such as POST.',
    ],
    [
      { rules: [{ path: 'github', responses: [ok] }] },
      'rules[0].path: The path must start with / or *, with no spaces, ? or #, for example /github/*.',
    ],
    [
      { rules: [{ path: '/a?b=1', responses: [ok] }] },
      'rules[0].path: The path must start with / or *, with no spaces, ? or #, for example /github/*.',
    ],
    [{ rules: [{ then: 'stop', responses: [ok] }] }, 'rules[0].then: then must be repeat-last or cycle.'],
  ])('refuses %j with "%s"', (input, message) => {
    expect(errorOf(input)).toBe(message);
  });
});

describe('faults, chance and seed', () => {
  it('takes a fault instead of an answer, with a delay', () => {
    const parsed = parseResponseRules({
      rules: [
        {
          responses: [{ fault: 'reset' }, { fault: 'close', delayMs: 100 }, { fault: 'timeout' }, ok],
          chance: 30,
          seed: 42,
        },
      ],
    });
    expect(parsed).toEqual({
      rules: [
        {
          method: '*',
          path: '*',
          then: 'repeat-last',
          chance: 30,
          seed: 42,
          responses: [
            { fault: 'reset', delayMs: 0 },
            { fault: 'close', delayMs: 100 },
            { fault: 'timeout', delayMs: 0 },
            { status: 200, headers: {}, body: '', delayMs: 0 },
          ],
        },
      ],
    });
  });

  it('takes a status template', () => {
    expect(parseResponseRules({ rules: [{ responses: [{ status: '{{query.code}}' }] }] })).toMatchObject({
      rules: [{ responses: [{ status: '{{query.code}}' }] }],
    });
  });

  it.each([
    [
      { responses: [{ fault: 'explode' }] },
      'rules[0].responses[0].fault: fault must be reset, close or timeout.',
    ],
    [
      { responses: [{ fault: 'reset', status: 500 }] },
      'rules[0].responses[0]: A fault sends no answer, so it takes no status.',
    ],
    [{ responses: [42] }, 'rules[0].responses[0]: A response must be an object with a status, or a fault.'],
    [
      { responses: [{ status: '201' }] },
      'rules[0].responses[0].status: The status must be a number from 100 to 599, or a template such as {{query.status}}.',
    ],
    [{ responses: [ok], chance: 101 }, 'rules[0].chance: The chance must be a percentage from 0 to 100.'],
    [{ responses: [ok], chance: '30' }, 'rules[0].chance: The chance must be a percentage from 0 to 100.'],
    [{ responses: [ok], chance: 30, seed: 1.5 }, 'rules[0].seed: The seed must be a whole number.'],
    [{ responses: [ok], seed: 7 }, 'rules[0].seed: A seed only makes sense with a chance.'],
  ])('refuses %j', (rule, message) => {
    expect(errorOf({ rules: [rule] })).toBe(message);
  });

  it('draws the same for the same seed and capture number, and about as often as asked', () => {
    const draws = Array.from({ length: 2000 }, (_, index) => seededDraw(1234, index + 1));
    expect(draws).toEqual(Array.from({ length: 2000 }, (_, index) => seededDraw(1234, index + 1)));
    expect(draws.every((draw) => draw >= 0 && draw < 1)).toBe(true);
    const yes = Array.from({ length: 2000 }, (_, index) =>
      chanceSaysYes({ chance: 30, seed: 1234 }, index + 1),
    );
    const share = yes.filter(Boolean).length / yes.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.35);
    const otherSeed = Array.from({ length: 2000 }, (_, index) =>
      chanceSaysYes({ chance: 30, seed: 1235 }, index + 1),
    );
    expect(otherSeed).not.toEqual(yes);
  });

  it('always answers at 100 %, never at 0 %, and always without a chance', () => {
    for (let n = 1; n <= 200; n++) {
      expect(chanceSaysYes({ chance: 100, seed: n }, n)).toBe(true);
      expect(chanceSaysYes({ chance: 0, seed: n }, n)).toBe(false);
      expect(chanceSaysYes({}, n)).toBe(true);
    }
    expect(chanceSaysYes({ chance: 50 }, 1, () => 0.49)).toBe(true);
    expect(chanceSaysYes({ chance: 50 }, 1, () => 0.5)).toBe(false);
  });
});
