/**
 * Starts Hookbay. With WORKERS=1 this process is the server; with more it is the primary, which
 * forks that many workers serving the same port and only supervises them (workers/primary.ts).
 */
import cluster from 'node:cluster';
import { loadConfig } from './config.js';
import { serve } from './serve.js';
import { exitOnStartupError } from './startup-error.js';
import { superviseWorkers } from './workers/primary.js';

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return exitOnStartupError(error);
  }
})();

if (cluster.isPrimary && config.workers > 1) await superviseWorkers(config);
else await serve(config);
