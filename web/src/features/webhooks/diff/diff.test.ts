import { describe, expect, it } from 'vitest';
import { makeEvent } from '../test-events';
import { bodyLines, canonicalJson, diffPairs, diffRequests } from './diff';
import type { DiffLine } from './lines';

const show = (lines: DiffLine[]) =>
  lines.map(({ kind, text }) => `${kind === 'same' ? ' ' : kind === 'added' ? '+' : '-'}${text}`);

describe('diffPairs', () => {
  it('compares headers by name in any case: added, removed, changed and same', () => {
    const a = [
      ['Content-Type', 'application/json'],
      ['X-Attempt', '1'],
      ['X-Old', 'gone'],
      ['Accept', '*/*'],
    ] as const;
    const b = [
      ['content-type', 'application/json'],
      ['X-Attempt', '2'],
      ['Accept', '*/*'],
      ['X-New', 'here'],
    ] as const;
    expect(diffPairs(a, b)).toEqual([
      { name: 'Content-Type', change: 'same', before: 'application/json', after: 'application/json' },
      { name: 'X-Attempt', change: 'changed', before: '1', after: '2' },
      { name: 'X-Old', change: 'removed', before: 'gone', after: null },
      { name: 'Accept', change: 'same', before: '*/*', after: '*/*' },
      { name: 'X-New', change: 'added', before: null, after: 'here' },
    ]);
  });

  it('joins a repeated header, so its order counts', () => {
    const diff = diffPairs(
      [
        ['X-Dup', 'a'],
        ['X-Dup', 'b'],
      ],
      [
        ['X-Dup', 'b'],
        ['X-Dup', 'a'],
      ],
    );
    expect(diff).toEqual([{ name: 'X-Dup', change: 'changed', before: 'a, b', after: 'b, a' }]);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{\n  "a": {\n    "c": null,\n    "d": [\n      3,\n      {\n        "y": 2,\n        "z": 1\n      }\n    ]\n  },\n  "b": 1\n}',
    );
  });
});

describe('diffRequests', () => {
  it('compares JSON bodies by content, not key order or spacing', () => {
    const a = makeEvent(1, { body: '{"id":1,"status":"open","tags":["x"]}' });
    const b = makeEvent(2, { body: '{ "tags": ["x"], "status": "closed", "id": 1 }' });
    const diff = diffRequests(a, b);
    expect(diff.isJson).toBe(true);
    expect(show(diff.body)).toEqual([
      ' {',
      '   "id": 1,',
      '-  "status": "open",',
      '+  "status": "closed",',
      '   "tags": [',
      '     "x"',
      '   ]',
      ' }',
    ]);
  });

  it('compares text bodies line by line and the request line field by field', () => {
    const a = makeEvent(1, { method: 'POST', path: '/a', queryString: 'x=1', body: 'one\ntwo\n' });
    const b = makeEvent(2, { method: 'PUT', path: '/a', queryString: '', body: 'one\r\nthree\r\n' });
    const diff = diffRequests(a, b);
    expect(diff.isJson).toBe(false);
    expect(show(diff.body)).toEqual([' one', '-two', '+three', ' ']);
    expect(diff.requestLine).toEqual([
      { name: 'Method', change: 'changed', before: 'POST', after: 'PUT' },
      { name: 'Path', change: 'same', before: '/a', after: '/a' },
      { name: 'Query', change: 'changed', before: 'x=1', after: '' },
    ]);
  });
});

describe('diffRequests headers', () => {
  it('falls back to the header object for a request stored without header lines', () => {
    const a = makeEvent(1, { headers: { 'X-A': ['1', '2'] } });
    const b = makeEvent(2, { rawHeaders: [['X-A', '1, 2']] });
    expect(diffRequests(a, b).headers).toEqual([
      { name: 'X-A', change: 'same', before: '1, 2', after: '1, 2' },
    ]);
  });
});

describe('bodyLines', () => {
  it('shows a binary body as a hex dump and no body as no lines', () => {
    const binary = makeEvent(1, { body: btoa('\u0000\u00ff'), bodyEncoding: 'base64' });
    expect(bodyLines(binary)).toEqual(['00000000  00 ff                                             |..|']);
    expect(bodyLines(makeEvent(2))).toEqual([]);
  });
});
