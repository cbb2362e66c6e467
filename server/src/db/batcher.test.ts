import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.js';

/** A write function that records every call and answers each item with `item * 10`. */
function recordingWrite(options: { failWhen?: (items: number[]) => boolean } = {}) {
  const calls: number[][] = [];
  async function write(items: number[]): Promise<number[]> {
    calls.push([...items]);
    if (options.failWhen?.(items)) throw new Error(`write of ${items.join(',')} failed`);
    return items.map((item) => item * 10);
  }
  return { calls, write };
}

/** A write that stays pending until released, to observe what queues up meanwhile. */
function gatedWrite() {
  const calls: number[][] = [];
  const releases: (() => void)[] = [];
  let onCall: (() => void) | null = null;
  function write(items: number[]): Promise<number[]> {
    calls.push([...items]);
    onCall?.();
    return new Promise((resolve) => releases.push(() => resolve(items.map((item) => item * 10))));
  }
  function nextCall(): Promise<void> {
    return new Promise((resolve) => {
      onCall = () => {
        onCall = null;
        resolve();
      };
    });
  }
  return { calls, releases, write, nextCall };
}

describe('createBatcher', () => {
  it('adds made in the same tick are written in one call', async () => {
    const { calls, write } = recordingWrite();
    const batcher = createBatcher(write);
    await Promise.all([batcher.add(1), batcher.add(2), batcher.add(3)]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('each caller gets the result of its own item', async () => {
    const { write } = recordingWrite();
    const batcher = createBatcher(write);
    const results = await Promise.all([5, 1, 4, 2, 3].map((item) => batcher.add(item)));
    expect(results).toEqual([50, 10, 40, 20, 30]);
  });

  it('adds made in later ticks go into later calls', async () => {
    const { calls, write } = recordingWrite();
    const batcher = createBatcher(write);
    expect(await batcher.add(1)).toBe(10);
    expect(await Promise.all([batcher.add(2), batcher.add(3)])).toEqual([20, 30]);
    expect(calls).toEqual([[1], [2, 3]]);
  });

  it('a batch larger than maxBatch is split into calls of at most maxBatch items, in order', async () => {
    const { calls, write } = recordingWrite();
    const batcher = createBatcher(write, { maxBatch: 2 });
    const results = await Promise.all([1, 2, 3, 4, 5].map((item) => batcher.add(item)));
    expect(results).toEqual([10, 20, 30, 40, 50]);
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('a failing write rejects every item of that batch and only that batch', async () => {
    const { calls, write } = recordingWrite({ failWhen: (items) => items.includes(13) });
    const batcher = createBatcher(write, { maxBatch: 2 });
    const outcomes = await Promise.allSettled([11, 13, 14, 15].map((item) => batcher.add(item)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'rejected',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    for (const outcome of outcomes.slice(0, 2)) {
      expect(outcome.status === 'rejected' && outcome.reason).toEqual(new Error('write of 11,13 failed'));
    }
    expect(outcomes.slice(2)).toEqual([
      { status: 'fulfilled', value: 140 },
      { status: 'fulfilled', value: 150 },
    ]);
    expect(calls).toEqual([
      [11, 13],
      [14, 15],
    ]);

    // The batcher keeps working after a failure.
    expect(await batcher.add(16)).toBe(160);
  });

  it('a write that throws synchronously rejects its batch instead of escaping', async () => {
    let shouldThrow = true;
    const batcher = createBatcher((items: number[]) => {
      if (shouldThrow) throw new Error('sync failure');
      return Promise.resolve(items);
    });
    await expect(batcher.add(1)).rejects.toThrow('sync failure');
    shouldThrow = false;
    expect(await batcher.add(2)).toBe(2);
  });

  it('a write that returns the wrong number of results rejects the batch rather than misattributing', async () => {
    const batcher = createBatcher((items: number[]) => Promise.resolve(items.slice(1)));
    const outcomes = await Promise.allSettled([batcher.add(1), batcher.add(2)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
  });

  it('items added while a write is in flight are written together in the next call', async () => {
    const gate = gatedWrite();
    const batcher = createBatcher(gate.write);
    const firstCall = gate.nextCall();
    const first = batcher.add(1);
    await firstCall;
    const later = [batcher.add(2), batcher.add(3), batcher.add(4)];
    expect(gate.calls).toEqual([[1]]);

    const secondCall = gate.nextCall();
    gate.releases[0]?.();
    expect(await first).toBe(10);
    await secondCall;
    expect(gate.calls).toEqual([[1], [2, 3, 4]]);
    gate.releases[1]?.();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it('drain resolves at once when nothing is queued', async () => {
    const { calls, write } = recordingWrite();
    await createBatcher(write).drain();
    expect(calls).toEqual([]);
  });

  it('drain waits for everything queued, including items added while writing', async () => {
    const gate = gatedWrite();
    const batcher = createBatcher(gate.write);
    const settled: number[] = [];
    const firstCall = gate.nextCall();
    void batcher.add(1).then((result) => settled.push(result));
    await firstCall;
    void batcher.add(2).then((result) => settled.push(result));

    let drained = false;
    const drain = batcher.drain().then(() => {
      drained = true;
    });
    const secondCall = gate.nextCall();
    gate.releases[0]?.();
    await secondCall;
    expect(drained).toBe(false);
    gate.releases[1]?.();
    await drain;
    expect(gate.calls).toEqual([[1], [2]]);
    expect(settled).toEqual([10, 20]);
  });

  it('drain resolves even when the last batch failed', async () => {
    const { write } = recordingWrite({ failWhen: () => true });
    const batcher = createBatcher(write);
    const rejected = expect(batcher.add(1)).rejects.toThrow('write of 1 failed');
    await batcher.drain();
    await rejected;
  });
});

describe('createBatcher with onWrite', () => {
  it('tells the size of every write, failed ones too, and a duration for each', async () => {
    const { write } = recordingWrite({ failWhen: (items) => items.includes(4) });
    const writes: { items: number; seconds: number }[] = [];
    const batcher = createBatcher(write, {
      maxBatch: 2,
      onWrite: (items, seconds) => writes.push({ items, seconds }),
    });
    await Promise.all([batcher.add(1), batcher.add(2), batcher.add(3)]);
    await batcher.add(4).catch(() => undefined);
    expect(writes.map((written) => written.items)).toEqual([2, 1, 1]);
    for (const { seconds } of writes) expect(seconds).toBeGreaterThanOrEqual(0);
  });
});
