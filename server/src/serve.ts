/**
 * Runs one Hookbay server in this process: builds the app, listens, and closes gracefully on
 * signals. It is the whole server with WORKERS=1, and each worker's body with more.
 */
import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { whereToOpen, type Config } from './config.js';
import { limitHeapGrowth } from './heap-growth.js';
import { serveMetricsOverIpc } from './metrics-ipc.js';
import { describeSystemError, exitOnStartupError, StartupError } from './startup-error.js';

export async function serve(config: Config): Promise<void> {
  limitHeapGrowth();
  const app = await buildApp(config).catch(exitOnStartupError);

  let isClosing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (isClosing) return;
      isClosing = true;
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
    const where = `${config.host}:${config.port}`;
    return exitOnStartupError(new StartupError(`cannot listen on ${where}: ${describeSystemError(error)}`));
  });
  serveMetricsOverIpc();
  // With workers, the primary says it once for all of them.
  if (cluster.isWorker) return;
  const listening = app.server.address();
  const port = typeof listening === 'object' && listening ? listening.port : config.port;
  process.stdout.write(`Hookbay is running at ${whereToOpen(config, port)}\n`);
}
