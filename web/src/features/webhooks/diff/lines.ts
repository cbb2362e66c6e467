/** Line diff (Myers' algorithm) for comparing two bodies. */

export type LineKind = 'same' | 'removed' | 'added';
export interface DiffLine {
  kind: LineKind;
  text: string;
}

/** Past this many differing lines the middle is shown as removed-then-added instead of aligned. */
const MAX_EDIT_DISTANCE = 1000;

/** Whether Myers' path to diagonal k at depth d comes down (an insertion) rather than across (a deletion). */
const isDown = (v: Int32Array, offset: number, k: number, d: number): boolean =>
  k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));

/** Myers' shortest edit script; null when it takes more than MAX_EDIT_DISTANCE edits. */
function shortestEdit(a: string[], b: string[]): DiffLine[] | null {
  const max = Math.min(a.length + b.length, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d]: the furthest x on each diagonal before round d, to walk the path back afterwards.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = isDown(v, offset, k, d) ? (v[offset + k + 1] ?? 0) : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < a.length && y < b.length && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= a.length && y >= b.length) return backtrack(a, b, trace, offset);
    }
  }
  return null;
}

/** Reads the edit script from the recorded frontiers, from the end back to the start. */
function backtrack(a: string[], b: string[], trace: Int32Array[], offset: number): DiffLine[] {
  const lines: DiffLine[] = [];
  let x = a.length;
  let y = b.length;
  const keepSameDownTo = (toX: number, toY: number) => {
    while (x > toX && y > toY) {
      x--;
      y--;
      lines.push({ kind: 'same', text: a[x] ?? '' });
    }
  };
  for (let d = trace.length - 1; d > 0; d--) {
    const v = trace[d] as Int32Array; // d is within trace's length
    const k = x - y;
    const down = isDown(v, offset, k, d);
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK] ?? 0;
    keepSameDownTo(prevX, prevX - prevK);
    if (down) lines.push({ kind: 'added', text: b[--y] ?? '' });
    else lines.push({ kind: 'removed', text: a[--x] ?? '' });
  }
  keepSameDownTo(0, 0);
  return lines.reverse();
}

/** Line diff of `a` to `b`: every line of both, in order, marked same, removed (only in a) or added (only in b). */
export function diffLines(a: string[], b: string[]): DiffLine[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end])
    end++;
  const same = (text: string): DiffLine => ({ kind: 'same', text });
  const midA = a.slice(start, a.length - end);
  const midB = b.slice(start, b.length - end);
  const middle = shortestEdit(midA, midB) ?? [
    ...midA.map((text): DiffLine => ({ kind: 'removed', text })),
    ...midB.map((text): DiffLine => ({ kind: 'added', text })),
  ];
  return [...a.slice(0, start).map(same), ...middle, ...a.slice(a.length - end).map(same)];
}
