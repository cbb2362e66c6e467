/**
 * Ends an SQLite storage outage (disk full, read-only, failing) by itself. Requests that fail on
 * storage start the outage (errors.ts); while it lasts, a small write is tried every `intervalMs`
 * and the first that succeeds ends it. A health check asks for a fresh try before it answers.
 */
import type { Kysely } from 'kysely';
import type { OutageLog } from '../outage-log.js';
import type { DatabaseSchema } from './schema.js';
import { noteDatabaseOutage } from './unavailable.js';

const PROBE_KEY = 'storage-probe';

interface StorageWatch {
  /** Null when the database can be written; else why not (after trying a write again). */
  problem(): Promise<string | null>;
  stop(): void;
}

export function watchStorage(
  db: Kysely<DatabaseSchema>,
  outage: OutageLog,
  options: { intervalMs: number; reportError: (error: unknown, message: string) => void },
): StorageWatch {
  let probing: Promise<void> | null = null;

  function probe(): Promise<void> {
    probing ??= db
      .insertInto('settings')
      .values({ key: PROBE_KEY, value: String(Date.now()) })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
      )
      .execute()
      .then(
        () => outage.up('database'),
        (error: unknown) => {
          if (!noteDatabaseOutage(outage, error)) options.reportError(error, 'the storage probe failed');
        },
      )
      .finally(() => {
        probing = null;
      });
    return probing;
  }

  const timer = setInterval(() => {
    if (outage.isDown()) void probe();
  }, options.intervalMs);
  timer.unref();

  return {
    async problem() {
      if (outage.isDown()) await probe();
      return outage.reason();
    },
    stop: () => clearInterval(timer),
  };
}
