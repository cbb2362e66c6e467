/**
 * Process metrics for `npm run soak`, over the IPC channel that only a parent spawning the server
 * with one can open; never over HTTP. Answers `{type: 'metrics'}` with memory use and the
 * event-loop delay measured since the previous ask. Without an IPC channel it does nothing.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface ProcessMetrics {
  type: 'metrics';
  rssBytes: number;
  heapUsedBytes: number;
  /** Event-loop delay since the last ask, in milliseconds (sampled every 1 ms, which it includes). */
  loopDelayMs: { p50: number; p99: number; max: number };
}

const NS_PER_MS = 1e6;

function isMetricsRequest(message: unknown): boolean {
  return (
    typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'metrics'
  );
}

export function serveMetricsOverIpc(): void {
  const send = process.send?.bind(process);
  if (!send) return;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  process.on('message', (message) => {
    if (!isMetricsRequest(message)) return;
    const { rss, heapUsed } = process.memoryUsage();
    const metrics: ProcessMetrics = {
      type: 'metrics',
      rssBytes: rss,
      heapUsedBytes: heapUsed,
      loopDelayMs: {
        p50: delay.percentile(50) / NS_PER_MS,
        p99: delay.percentile(99) / NS_PER_MS,
        max: delay.max / NS_PER_MS,
      },
    };
    delay.reset();
    send(metrics);
  });
}
