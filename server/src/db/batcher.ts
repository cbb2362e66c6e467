/**
 * Group commit: writes queued in the same tick are flushed together in one statement, so many
 * concurrent captures or clicks cost one commit instead of one each, and every caller still
 * waits for its own row to be stored before it answers.
 */
export interface Batcher<T, R> {
  add(item: T): Promise<R>;
  /** Resolves once everything queued so far is written. */
  drain(): Promise<void>;
}

/** Told after each grouped write: how many items it held and how long it took, in seconds. */
export type WriteObserver = (items: number, seconds: number) => void;

interface Pending<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/** `write` must return one result per item, in the items' order. */
export function createBatcher<T, R>(
  write: (items: T[]) => Promise<R[]>,
  options: { maxBatch?: number; onWrite?: WriteObserver } = {},
): Batcher<T, R> {
  const { maxBatch = 500, onWrite } = options;
  let queue: Pending<T, R>[] = [];
  let running: Promise<void> | null = null;

  async function timedWrite(items: T[]): Promise<R[]> {
    if (!onWrite) return write(items);
    const started = performance.now();
    try {
      return await write(items);
    } finally {
      onWrite(items.length, (performance.now() - started) / 1000);
    }
  }

  async function flushAll(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const results = await timedWrite(batch.map((pending) => pending.item));
        if (results.length !== batch.length) {
          // Handing out results that may not line up (e.g. ids of other rows) would be worse.
          throw new Error(`batch write returned ${results.length} results for ${batch.length} items`);
        }
        // Checked above: one result per item, so every index is present.
        batch.forEach((pending, index) => pending.resolve(results[index] as R));
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
  }

  function schedule(): void {
    if (running) return;
    running = new Promise<void>((resolve) => setImmediate(resolve)).then(flushAll).finally(() => {
      running = null;
      if (queue.length > 0) schedule();
    });
  }

  return {
    add(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
    async drain() {
      while (running) await running;
    },
  };
}
