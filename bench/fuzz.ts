/**
 * npm run fuzz [-- --runs N] [-- --seed S]: the property-based fuzzing of the test suite, as long
 * as asked, against an app on a fresh SQLite database (or PostgreSQL with TEST_DATABASE_URL set and
 * --postgres). Prints the seed, so a failure can be replayed.
 */
import { parseArgs } from 'node:util';
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

const app = await buildTestApp({ postgres: values.postgres });
const started = Date.now();
console.log(`fuzzing ${runs} requests, seed ${seed}${values.postgres ? ', PostgreSQL' : ''}`);
try {
  await fuzzRoutes(app, runs, seed);
  console.log(`all ${runs} answers kept the promise (${((Date.now() - started) / 1000).toFixed(1)} s)`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await app.close();
}
