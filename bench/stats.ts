/** Small helpers the benchmark's runners share: waiting, medians and percentiles, number formats. */

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Waits until `read()` stops changing (events still on their way), then returns it. */
export async function settled(read: () => number): Promise<number> {
  let last = -1;
  while (read() !== last) {
    last = read();
    await sleep(300);
  }
  return last;
}

export const fmt = (n: number, digits = 2) => n.toFixed(digits);
export const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`;
