/**
 * The primary of a WORKERS > 1 server. It forks the workers (each a whole Hookbay server on the
 * shared port, node:cluster handing out connections): the first alone, since it brings the database
 * schema up to date, and the others once it listens, so that no two race to migrate the same file.
 * It relays the messages the workers send each other (Socket.IO's cluster adapter: live events, cache
 * invalidations, waits, forwarder answers), replaces a worker that dies (with a growing pause when
 * it keeps dying), and on SIGTERM/SIGINT lets every worker finish its work and exit before it does.
 * It serves no request and never opens the database: its memory is Node's own, its logger and the
 * relays.
 */
import cluster, { type Worker } from 'node:cluster';
import { setupPrimary } from '@socket.io/cluster-adapter';
import { pino } from 'pino';
import { whereToOpen, type Config } from '../config.js';
import { serveClusterMetrics } from '../features/metrics/cluster-metrics.js';
import { relayUserPushes } from '../realtime/worker-push.js';
import { WORKER_SLOT_ENV } from '../worker-slot.js';

/** The first replacement comes at once; each further death in a row doubles the pause, up to the cap. */
const RESTART_PAUSE_MS = 250;
const RESTART_PAUSE_MAX_MS = 10_000;
/** A worker that lived this long is healthy: its slot's pause starts from the beginning again. */
const HEALTHY_AFTER_MS = 30_000;
/** Workers still running this long after a shutdown began are killed. */
const SHUTDOWN_GRACE_MS = 30_000;

export function superviseWorkers(config: Config): void {
  const log = pino({ level: config.logLevel });
  setupPrimary();
  serveClusterMetrics();
  relayUserPushes();

  let isStopping = false;
  let hasAnnounced = false;
  const failures = new Map<number, number>();
  // Slots whose worker listened at least once; the server is announced when all have.
  const listening = new Set<number>();

  function start(slot: number): void {
    const startedAt = Date.now();
    let isListening = false;
    const worker: Worker = cluster.fork({ [WORKER_SLOT_ENV]: String(slot) });
    // A message sent to a worker that has just died fails; its exit is handled below.
    worker.on('error', (error) => log.warn({ worker: slot, err: error }, 'a message to a worker failed'));
    worker.on('listening', (address) => {
      isListening = true;
      // The first worker has migrated the database: the others can open it now.
      if (listening.size === 0) for (let other = 1; other < config.workers; other++) start(other);
      listening.add(slot);
      if (hasAnnounced || listening.size < config.workers) return;
      hasAnnounced = true;
      process.stdout.write(
        `Hookbay is running at ${whereToOpen(config, address.port)} (${config.workers} workers)\n`,
      );
    });
    worker.on('exit', (code, signal) => {
      if (isStopping) return;
      // A worker that could not even start (a port in use, a bad DATA_DIR) said why on stderr;
      // starting it again would only say it again.
      if (!isListening && !hasAnnounced) {
        log.error({ worker: slot, code, signal }, 'a worker could not start; stopping');
        stopAll(1);
        return;
      }
      const inARow = Date.now() - startedAt > HEALTHY_AFTER_MS ? 0 : (failures.get(slot) ?? 0) + 1;
      failures.set(slot, inARow);
      const pauseMs = inARow === 0 ? 0 : Math.min(RESTART_PAUSE_MS * 2 ** (inARow - 1), RESTART_PAUSE_MAX_MS);
      log.error({ worker: slot, code, signal, restartInMs: pauseMs }, 'a worker died; starting another');
      setTimeout(() => {
        if (!isStopping) start(slot);
      }, pauseMs).unref();
    });
  }

  function stopAll(exitCode: number): void {
    if (isStopping) return;
    isStopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    if (workers.length === 0) process.exit(exitCode);
    let left = workers.length;
    let failed = exitCode !== 0;
    for (const worker of workers) {
      worker.once('exit', (code, signal) => {
        // A worker still starting has no handler yet and ends on the signal itself, with nothing to finish.
        failed ||= code !== 0 && signal !== 'SIGTERM';
        if (--left === 0) process.exit(failed ? 1 : 0);
      });
      // Each worker closes like a single server does: in-flight requests, batches, delayed answers.
      worker.process.kill('SIGTERM');
    }
    setTimeout(() => {
      log.error('workers did not stop in time; killing them');
      for (const worker of workers) worker.process.kill('SIGKILL');
    }, SHUTDOWN_GRACE_MS).unref();
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      log.info({ signal }, 'shutting down: every worker finishes its work first');
      stopAll(0);
    });
  }
  start(0);
}
