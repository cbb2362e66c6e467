/**
 * /metrics with WORKERS > 1: a scrape reaches one worker, which asks the primary for the figures of
 * all of them; the primary gathers every worker's registry (prom-client's cluster aggregation:
 * counters added up, gauges as each declares) and answers in the exposition format.
 */
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, type Registry } from 'prom-client';

const ASK = 'hookbay:cluster-metrics';
const ANSWER = 'hookbay:cluster-metrics-answer';
const ANSWER_TIMEOUT_MS = 5000;

interface Ask {
  type: typeof ASK;
  id: string;
}

interface Answer {
  type: typeof ANSWER;
  id: string;
  text?: string;
  error?: string;
}

function isMessage<T extends { type: string }>(message: unknown, type: T['type']): message is T {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}

/** In the primary: answers the workers' asks with everyone's figures. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<Ask>(message, ASK)) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
      (error: unknown) =>
        worker.send({ type: ANSWER, id: message.id, error: String(error) } satisfies Answer),
    );
  });
}

/** In a worker: offers `registry` to the primary's gatherings. */
export function shareRegistry(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // Its constructor adds the listener that answers the primary's requests.
  new AggregatorRegistry();
}

/** In a worker: every worker's figures, through the primary. */
export function clusterMetricsText(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the primary did not answer with the metrics in time'));
    }, ANSWER_TIMEOUT_MS);
    function onMessage(message: unknown) {
      if (!isMessage<Answer>(message, ANSWER) || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (message.text === undefined) reject(new Error(message.error ?? 'no metrics'));
      else resolve(message.text);
    }
    process.on('message', onMessage);
    process.send?.({ type: ASK, id } satisfies Ask);
  });
}
