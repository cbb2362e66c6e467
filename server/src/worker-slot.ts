/**
 * Which worker this process is, with WORKERS > 1: the primary passes each worker its slot ("0",
 * "1", …) when it forks it, and a worker that replaces a dead one gets the same slot. A single
 * process, and the primary itself, are slot "0".
 */
export const WORKER_SLOT_ENV = 'HOOKBAY_WORKER';

export const workerSlot = process.env[WORKER_SLOT_ENV] ?? '0';

/** Work the server needs done once, not once per worker, runs in the first slot's worker. */
export const isFirstWorker = workerSlot === '0';
