/**
 * npm run fuzz [-- --runs N] [-- --seed S]: the property-based fuzzing of the test suite, as long
 * as asked, against an app on a fresh SQLite database (or PostgreSQL with TEST_DATABASE_URL set and
 * --postgres). Prints the seed, so a failure can be replayed. It also checks that memory stays put:
 * the resident set after the run may be at most 1.3 times what it was after a warm-up, and under
 * 250 MB; otherwise the run fails.
 */
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { buildTestApp } from '../server/test/app.js';
import { fuzzRoutes } from '../server/test/fuzz.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20000' },
    seed: { type: 'string' },
    postgres: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (!Number.isInteger(runs) || runs <= 0 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz -- [--runs N] [--seed S] [--postgres]');
  process.exit(2);
}

const MiB = 1024 * 1024;
const RSS_GROWTH_MAX = 1.3;
const RSS_MAX_BYTES = 250 * MiB;
const warmUpRuns = Math.max(1, Math.min(2000, Math.floor(runs / 10)));

// A full collection before each measure, so garbage not yet collected does not count as kept.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

function settledRss(): number {
  collectGarbage();
  return process.memoryUsage().rss;
}

/** Fails when the resident set grew past the bounds since the warm-up. */
function checkMemory(afterWarmUp: number): void {
  const after = settledRss();
  const text = `RSS ${(afterWarmUp / MiB).toFixed(0)} MB after warm-up, ${(after / MiB).toFixed(0)} MB after the run`;
  if (after > afterWarmUp * RSS_GROWTH_MAX || after > RSS_MAX_BYTES) {
    throw new Error(`memory did not stay put: ${text} (at most ${RSS_GROWTH_MAX}x and 250 MB)`);
  }
  console.log(text);
}

const app = await buildTestApp({ postgres: values.postgres });
const started = Date.now();
console.log(`fuzzing ${runs} requests, seed ${seed}${values.postgres ? ', PostgreSQL' : ''}`);
try {
  await fuzzRoutes(app, warmUpRuns, seed);
  const afterWarmUp = settledRss();
  await fuzzRoutes(app, runs, seed + 1);
  console.log(`all ${runs} answers kept the promise (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  checkMemory(afterWarmUp);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await app.close();
}
