/**
 * Runs the click IP retention: once at start (a server restarted more often than hourly would
 * otherwise never get to it) and then every hour, off the event loop's keep-alive.
 */
import type { ClicksService } from './clicks.service.js';

const INTERVAL_MS = 60 * 60 * 1000;

export interface IpAnonymizer {
  /** Stops the timer and waits for a run in progress, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Every instance runs it. Two runs at once are harmless: each picks clicks whose IP is still
 * whole and writes the same network part, so whichever writes second changes nothing.
 * `reportError` hears of a failed run.
 */
export function startIpAnonymizer(
  clicks: ClicksService,
  reportError: (error: unknown, message: string) => void,
): IpAnonymizer {
  let running: Promise<void> = Promise.resolve();

  function run(): void {
    running = running.then(() =>
      clicks.anonymizeOldClickIps(Date.now()).then(
        () => undefined,
        (error: unknown) => reportError(error, 'anonymizing click IPs failed'),
      ),
    );
  }

  run();
  const timer = setInterval(run, INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
