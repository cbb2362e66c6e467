/** The heap a server process lets grow past what it keeps (its own process: V8 flags are process-wide). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Keeps about 35 MB, then makes garbage that lives long enough to reach the old generation (a
 * rolling window of the last 200 batches), and prints the largest heap seen and what it keeps.
 */
const GARBAGE_MAKER = `
import { limitHeapGrowth } from './server/src/heap-growth.ts';
limitHeapGrowth();
const kept = Array.from({ length: 40 }, () => Array.from({ length: 20_000 }, (_, j) => ({ j })));
const window = [];
let largest = 0;
for (let round = 0; round < 4000; round++) {
  window.push(Array.from({ length: 2000 }, (_, j) => ({ j, round })));
  if (window.length > 200) window.shift();
  largest = Math.max(largest, process.memoryUsage().heapTotal);
}
globalThis.gc();
console.log(JSON.stringify({ largest, keeps: process.memoryUsage().heapUsed, kept: kept.length, window: window.length }));
`;

describe('heap growth', { timeout: 30_000 }, () => {
  it('stays under three times what the process keeps, where V8 alone lets it reach five', () => {
    const output = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=module', '--eval', GARBAGE_MAKER],
      { cwd: REPO_ROOT, encoding: 'utf8' },
    );
    const { largest, keeps } = JSON.parse(output) as { largest: number; keeps: number };
    expect(largest / keeps).toBeLessThan(3);
  });
});
