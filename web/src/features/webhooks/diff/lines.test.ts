import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffLines, type DiffLine } from './lines';

const show = (lines: DiffLine[]) =>
  lines.map(({ kind, text }) => `${kind === 'same' ? ' ' : kind === 'added' ? '+' : '-'}${text}`);

describe('diffLines', () => {
  it('marks removed and added lines between common ones', () => {
    expect(show(diffLines(['a', 'b', 'c', 'd'], ['a', 'c', 'x', 'd']))).toEqual([
      ' a',
      '-b',
      ' c',
      '+x',
      ' d',
    ]);
  });

  it('handles empty sides', () => {
    expect(show(diffLines([], ['a']))).toEqual(['+a']);
    expect(show(diffLines(['a'], []))).toEqual(['-a']);
    expect(diffLines([], [])).toEqual([]);
  });

  it('keeps every line of both sides, in order, with as few changes as a shortest edit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 12 }),
        fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 12 }),
        (a, b) => {
          const lines = diffLines(a, b);
          expect(lines.filter((l) => l.kind !== 'added').map((l) => l.text)).toEqual(a);
          expect(lines.filter((l) => l.kind !== 'removed').map((l) => l.text)).toEqual(b);
          // The same lines form a common subsequence as long as the longest one.
          expect(lines.filter((l) => l.kind === 'same').length).toBe(longestCommon(a, b));
        },
      ),
    );
  });

  it('still lists every line when the bodies share almost nothing', () => {
    const a = Array.from({ length: 1500 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 1500 }, (_, i) => `b${i}`);
    const lines = diffLines(['same', ...a], ['same', ...b]);
    expect(lines).toHaveLength(3001);
    expect(lines[0]).toEqual({ kind: 'same', text: 'same' });
    expect(lines.filter((l) => l.kind === 'removed')).toHaveLength(1500);
  });
});

function longestCommon(a: string[], b: string[]): number {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = table[i] as number[];
      const above = table[i - 1] as number[];
      row[j] = a[i - 1] === b[j - 1] ? (above[j - 1] ?? 0) + 1 : Math.max(above[j] ?? 0, row[j - 1] ?? 0);
    }
  }
  return table[a.length]?.[b.length] ?? 0;
}
