// Says which optional test back ends are off, so a run without them is not mistaken for a full one,
// and drops the PostgreSQL schemas the run made once it ends: left behind, thousands of schemas
// slow every later run's catalog lookups several times over.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export default function setup(): () => Promise<void> {
  const missing = [
    ['TEST_DATABASE_URL', 'the PostgreSQL runs of the storage suites'],
    ['TEST_REDIS_URL', 'the Redis and multi-instance tests'],
  ].filter(([name]) => !process.env[name as string]);
  for (const [name, what] of missing) {
    console.warn(`Skipping ${what}: ${name} is not set.`);
  }
  // Test files run in processes started after this, so they inherit the run's tag.
  const run = randomBytes(6).toString('hex');
  process.env.HOOKBAY_TEST_RUN = run;
  return () => dropSchemasOf(run);
}

async function dropSchemasOf(run: string): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname like $1`,
      [`test\\_${run}\\_%`],
    );
    for (const { name } of rows) await client.query(`drop schema "${name}" cascade`);
  } finally {
    await client.end();
  }
}
