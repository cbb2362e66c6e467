/**
 * What the database and its storage do: grouped writes, the instance's storage budget, the bytes
 * kept, and (with WORKERS > 1) the waits for SQLite's write lock.
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { WriteObserver } from '../../db/batcher.js';
import { writeLockWaits } from '../../db/write-lock.js';
import { workerSlot } from '../../worker-slot.js';

export interface StorageMetrics {
  captureWrites: WriteObserver;
  clickWrites: WriteObserver;
  /** Counts what one pass of the instance's storage budget removed. */
  budgetRemovals(removed: { requests: number; bytes: number }): void;
}

const WRITE_SECONDS_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const BATCH_SIZE_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500];

function writeObservers(registry: Registry): Record<'captures' | 'clicks', WriteObserver> {
  const seconds = new Histogram({
    name: 'hookbay_db_write_seconds',
    help: 'Time one grouped database write took (one statement for every capture or click queued together), by writer.',
    labelNames: ['writer'],
    buckets: WRITE_SECONDS_BUCKETS,
    registers: [registry],
  });
  const sizes = new Histogram({
    name: 'hookbay_db_write_batch_size',
    help: 'Captures or clicks written together in one grouped database write, by writer.',
    labelNames: ['writer'],
    buckets: BATCH_SIZE_BUCKETS,
    registers: [registry],
  });
  const observerOf = (writer: string): WriteObserver => {
    seconds.zero({ writer });
    sizes.zero({ writer });
    const secondsChild = seconds.labels(writer);
    const sizesChild = sizes.labels(writer);
    return (items, took) => {
      sizesChild.observe(items);
      secondsChild.observe(took);
    };
  };
  return { captures: observerOf('captures'), clicks: observerOf('clicks') };
}

/**
 * Registers the storage metrics. `storedBytes` starts reading the bytes kept, or is undefined while
 * nothing is watched yet (the gauge then stays at 0).
 */
export function createStorageMetrics(
  registry: Registry,
  options: {
    storageBudgetBytes?: number;
    storedBytes: () => Promise<number> | undefined;
    reportError: (error: unknown, message: string) => void;
  },
): StorageMetrics {
  const writes = writeObservers(registry);
  new Gauge({
    name: 'hookbay_storage_budget_bytes',
    help: 'The instance’s storage budget (STORAGE_MAX_MB): bytes of captured requests every session together may keep.',
    registers: [registry],
  }).set(options.storageBudgetBytes ?? 0);
  const budgetRemovedBytes = new Counter({
    name: 'hookbay_storage_budget_removed_bytes_total',
    help: 'Bytes of captured requests removed because the instance was over its storage budget (largest sessions first).',
    registers: [registry],
  });
  const budgetRemovedRequests = new Counter({
    name: 'hookbay_storage_budget_removed_requests_total',
    help: 'Captured requests removed because the instance was over its storage budget.',
    registers: [registry],
  });

  new Gauge({
    name: 'hookbay_stored_bytes',
    // Every worker reads the same database: the figure is not added up across them.
    aggregator: 'first',
    help: 'Bytes of captured requests (bodies and headers) kept in the database, for every instance.',
    registers: [registry],
    async collect() {
      const reading = options.storedBytes();
      if (!reading) return;
      try {
        this.set(await reading);
      } catch (error) {
        // The last value stays; /readyz tells whether the database answers.
        options.reportError(error, 'reading the stored bytes for /metrics failed');
      }
    },
  });

  // Per process: with WORKERS > 1 each worker waits for the others' writes (db/write-lock.ts).
  const worker = { worker: workerSlot };
  new Counter({
    name: 'hookbay_sqlite_write_lock_waits_total',
    help: 'Write transactions that waited for SQLite’s write lock held by another worker, by worker.',
    labelNames: ['worker'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc(worker, writeLockWaits.count);
    },
  });
  new Counter({
    name: 'hookbay_sqlite_write_lock_wait_seconds_total',
    help: 'Time write transactions spent waiting for SQLite’s write lock, by worker.',
    labelNames: ['worker'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc(worker, writeLockWaits.seconds);
    },
  });

  return {
    captureWrites: writes.captures,
    clickWrites: writes.clicks,
    budgetRemovals(removed) {
      budgetRemovedBytes.inc(removed.bytes);
      budgetRemovedRequests.inc(removed.requests);
    },
  };
}
