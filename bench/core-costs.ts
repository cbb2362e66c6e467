/**
 * What one capture and one redirect cost each part of a server with `WORKERS` workers, to estimate
 * how far more cores carry it: the workers' CPU time, the primary's (it passes the live notes between
 * workers), and the time a write holds SQLite's one write lock (from /metrics: the grouped writes'
 * `hookbay_db_write_seconds` less `hookbay_sqlite_write_lock_wait_seconds_total`, over
 * `hookbay_db_write_batch_size`). Each is a ceiling: a part that costs t µs a request allows at most 1e6 / t
 * requests a second on a core of its own.
 *
 *   WORKERS=2 npx tsx bench/core-costs.ts     # default: the machine's default WORKERS
 */
import { api, connect, newSession, wrkAt } from './client.js';
import { buildServer, childrenOf, cpuUs, startMeasured, stop } from './processes.js';

const SECONDS = 8;
const TOKEN = 'bench-core-costs-metrics-token';
const workers = process.env.WORKERS ?? '';

buildServer();
const server = await startMeasured('core-costs', {
  env: { ...(workers ? { WORKERS: workers } : {}), METRICS_TOKEN: TOKEN },
});
const primary = server.process.pid ?? 0;
const workersCpuUs = () => childrenOf(primary).reduce((sum, pid) => sum + cpuUs(pid), 0);
// cpuUs adds a process's children: the primary's own time is the whole less its workers'.
const primaryCpuUs = () => cpuUs(primary) - workersCpuUs();

/** The sum of a metric's series (over workers), those with `label` only when given. */
async function metric(name: string, label = ''): Promise<number> {
  const response = await fetch(`${server.origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const pattern = new RegExp(`^${name}\\{[^}]*${label}[^}]*\\} (\\S+)$`, 'gm');
  return [...(await response.text()).matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0);
}

/** A writer's grouped writes so far, and every writer's waits for the lock (one writer runs at a time here). */
async function writes(writer: string) {
  const label = `writer="${writer}"`;
  return {
    seconds: await metric('hookbay_db_write_seconds_sum', label),
    waited: await metric('hookbay_sqlite_write_lock_wait_seconds_total'),
    items: await metric('hookbay_db_write_batch_size_sum', label),
    batches: await metric('hookbay_db_write_batch_size_count', label),
  };
}

const session = await newSession(server.origin);
const listener = await connect(server.origin, session.sessionId);
const link = await api<{ id: string }>(server.origin, '/api/urls', session.sessionId, {
  url: 'https://example.com/some/long/landing/page',
});
// WORKERS=1 runs one process and forks none.
const forked = childrenOf(primary).length;
console.log(`${forked || 1} worker${forked > 1 ? 's' : ''}, wrk ${SECONDS} s each after a 2 s warm-up:`);
for (const [name, url, method, writer] of [
  ['capture', `${server.origin}/webhook/${session.sessionId}`, 'POST', 'captures'],
  ['redirect', `${server.origin}/s/${link.id}`, 'GET', 'clicks'],
] as const) {
  await wrkAt(url, method, 2);
  const [before, cpuBefore] = [await writes(writer), { primary: primaryCpuUs(), workers: workersCpuUs() }];
  const run = await wrkAt(url, method, SECONDS);
  const [after, cpuAfter] = [await writes(writer), { primary: primaryCpuUs(), workers: workersCpuUs() }];
  const items = after.items - before.items;
  const waitUs = ((after.waited - before.waited) * 1e6) / items;
  const heldUs = ((after.seconds - before.seconds) * 1e6) / items - waitUs;
  const perRequest = (us: number) => `${(us / run.acked).toFixed(1)} µs`;
  console.log(
    `  ${name}: ${Math.round(run.rps)} req/s; write lock held ${heldUs.toFixed(1)} µs a ${name}, waited for ${waitUs.toFixed(1)} µs ` +
      `(batches of ${(items / (after.batches - before.batches)).toFixed(1)}); CPU a ${name}: ` +
      (forked > 0
        ? `workers ${perRequest(cpuAfter.workers - cpuBefore.workers)}, primary ${perRequest(cpuAfter.primary - cpuBefore.primary)}`
        : `${perRequest(cpuAfter.primary - cpuBefore.primary)}`),
  );
}
listener.close();
await stop(server);
