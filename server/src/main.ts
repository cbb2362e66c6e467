/**
 * Starts Hookbay. With WORKERS=1 this process is the server; with more it is the primary, which
 * forks that many workers serving the same port and only supervises them (workers/primary.ts).
 */
import cluster from 'node:cluster';
import { loadConfig } from './config.js';
import { exitOnStartupError } from './startup-error.js';

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return exitOnStartupError(error);
  }
})();

// Each side loads only what it runs: the primary serves no request, so it never loads the server's
// packages nor the database's (the build splits them into chunks of their own).
if (cluster.isPrimary && config.workers > 1) {
  const { superviseWorkers } = await import('./workers/primary.js');
  superviseWorkers(config);
} else {
  const { serve } = await import('./serve.js');
  await serve(config);
}
