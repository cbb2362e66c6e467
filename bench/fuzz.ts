/**
 * npm run fuzz [-- --seconds 180] [-- --runs N] [-- --seed S] [-- --postgres] [-- --warm-up 30]
 * [-- --growth-max 1.3]: the property-based
 * fuzzing of the test suite, over HTTP, against the compiled server (dist/server/main.js, built
 * first) running as its own process: one process (WORKERS=1), a fresh DATA_DIR with its embedded
 * SQLite database (or a fresh schema of TEST_DATABASE_URL with --postgres), on a free loopback port.
 * 8 requests are in flight at once, for `--seconds` (default 180) or `--runs` requests. Prints the
 * seed, so the cases can be replayed.
 *
 * It also checks that the server's memory stays put: its resident set (VmRSS of /proc/<pid>/status,
 * read after a few idle seconds) after the run may be at most 1.3 times (`--growth-max`) what it
 * was after a warm-up of 30 s (`--warm-up`) of the same fuzzing, and under 250 MB; otherwise the
 * run fails. The test suite runs a short one (memory-under-fuzz.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freshPostgresUrl, TEST_DATABASE_URL } from '../server/test/app.js';
import { fuzzServer } from '../server/test/fuzz.js';
import { sendOverHttp } from './fuzz-http.js';
import { buildServer, memory, startServer, stop } from './processes.js';
import { sleep } from './stats.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string' },
    runs: { type: 'string' },
    seed: { type: 'string' },
    postgres: { type: 'boolean', default: false },
    'warm-up': { type: 'string', default: '30' },
    'growth-max': { type: 'string', default: '1.3' },
  },
});
const runs = values.runs === undefined ? undefined : Number(values.runs);
const seconds =
  values.seconds === undefined ? (runs === undefined ? 180 : undefined) : Number(values.seconds);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
const positive = (value: number | undefined) => value === undefined || (Number.isFinite(value) && value > 0);
/**
 * Long enough for the working set to settle: the heap reaches the size its collections keep it at,
 * SQLite's page cache fills, the hot code is compiled. Growth after that is what the check is for.
 */
const WARM_UP_SECONDS = Number(values['warm-up']);
const RSS_GROWTH_MAX = Number(values['growth-max']);
if (
  !positive(runs) ||
  !positive(seconds) ||
  !Number.isInteger(seed) ||
  !positive(WARM_UP_SECONDS) ||
  !(RSS_GROWTH_MAX >= 1)
) {
  console.error(
    'usage: npm run fuzz -- [--seconds S (180)] [--runs N] [--seed S] [--postgres] [--warm-up S (30)] [--growth-max X (1.3)]',
  );
  process.exit(2);
}
if (values.postgres && !TEST_DATABASE_URL) {
  console.error('npm run fuzz -- --postgres needs TEST_DATABASE_URL');
  process.exit(2);
}

const LANES = 8;
/** Idle time before each reading, so requests still being finished do not count. */
const SETTLE_MS = 5000;
const SAMPLE_EVERY_MS = 15_000;
const RSS_MAX_MB = 250;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-fuzz-'));
const logFile = path.join(dataDir, 'server.log');
buildServer();
const server = await startServer(
  ['dist/server/main.js'],
  {
    DATA_DIR: dataDir,
    DATABASE_URL: values.postgres && TEST_DATABASE_URL ? await freshPostgresUrl(TEST_DATABASE_URL) : '',
    WORKERS: '1',
    LOG_LEVEL: 'warn',
    // The limits on new sessions, links and replays from one address, raised as in the test suite,
    // so every request reaches its route the way many addresses together would.
    SESSIONS_PER_MINUTE: '1000000',
    LINK_CREATE_PER_MINUTE: '100000',
    LINK_CREATE_PER_DAY: '100000',
    REPLAY_PER_MINUTE: '1000000',
  },
  logFile,
);
const pid = server.process.pid ?? NaN;
const send = sendOverHttp(server.origin, LANES);

async function settledRss(): Promise<number> {
  await sleep(SETTLE_MS);
  return memory(pid).rss;
}

const limit = [runs === undefined ? null : `${runs} requests`, seconds === undefined ? null : `${seconds} s`];
console.log(
  `fuzzing the server (pid ${pid}, ${values.postgres ? 'PostgreSQL' : 'SQLite'}) for ${limit.filter(Boolean).join(' or ')}, ${LANES} at a time, seed ${seed}`,
);
const started = Date.now();
let sampler: NodeJS.Timeout | undefined;
try {
  await fuzzServer(send, { seconds: WARM_UP_SECONDS, seed, lanes: LANES });
  const afterWarmUp = await settledRss();
  console.log(`RSS after a warm-up of ${WARM_UP_SECONDS} s: ${afterWarmUp.toFixed(0)} MB`);
  sampler = setInterval(() => {
    const elapsed = ((Date.now() - started) / 1000).toFixed(0);
    console.log(`  ${elapsed} s: RSS ${memory(pid).rss.toFixed(0)} MB`);
  }, SAMPLE_EVERY_MS);
  const sent = await fuzzServer(send, {
    ...(runs === undefined ? {} : { runs }),
    ...(seconds === undefined ? {} : { seconds }),
    seed: seed + LANES,
    lanes: LANES,
  });
  clearInterval(sampler);
  console.log(`all ${sent} answers kept the promise (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  const after = await settledRss();
  const text = `RSS ${afterWarmUp.toFixed(0)} MB after warm-up, ${after.toFixed(0)} MB after the run (${(after / afterWarmUp).toFixed(2)}x), peak ${memory(pid).peak.toFixed(0)} MB`;
  if (after > afterWarmUp * RSS_GROWTH_MAX || after > RSS_MAX_MB) {
    console.error(`memory did not stay put: ${text} (at most ${RSS_GROWTH_MAX}x and ${RSS_MAX_MB} MB)`);
    process.exitCode = 1;
  } else {
    console.log(text);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(`server log (last lines of ${logFile}):`);
  console.error(fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n'));
  process.exitCode = 1;
} finally {
  clearInterval(sampler);
  send.close();
  await stop(server);
  if (process.exitCode !== 1) fs.rmSync(dataDir, { recursive: true, force: true });
}
