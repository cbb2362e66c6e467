/** Starts Hookbay: reads the config, builds the app, listens, and closes gracefully on signals. */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { serveMetricsOverIpc } from './metrics-ipc.js';
import { describeSystemError, StartupError } from './startup-error.js';

/** The address a person opens: PUBLIC_URL, else this machine at the port it listens on. */
function whereToOpen({ publicOrigin, host, port }: typeof config): string {
  if (publicOrigin) return publicOrigin.origin;
  const listening = app.server.address();
  const actualPort = typeof listening === 'object' && listening ? listening.port : port;
  const isEveryAddress = host === '0.0.0.0' || host === '::';
  const name = isEveryAddress ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${actualPort}`;
}

/** An operator's mistake is one line on stderr and exit code 1; anything else keeps its stack. */
function exitOnStartupError(error: unknown): never {
  if (!(error instanceof StartupError)) throw error;
  process.stderr.write(`hookbay: ${error.message}\n`);
  process.exit(1);
}

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return exitOnStartupError(error);
  }
})();
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
process.stdout.write(`Hookbay is running at ${whereToOpen(config)}\n`);
