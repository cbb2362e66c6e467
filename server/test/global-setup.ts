// Says which optional test back ends are off, so a run without them is not mistaken for a full one.
export default function setup(): void {
  const missing = [
    ['TEST_DATABASE_URL', 'the PostgreSQL runs of the storage suites'],
    ['TEST_REDIS_URL', 'the Redis and multi-instance tests'],
  ].filter(([name]) => !process.env[name as string]);
  for (const [name, what] of missing) {
    console.warn(`Skipping ${what}: ${name} is not set.`);
  }
}
