/**
 * Counters that a hot path adds to cheaply: each labelled series is a plain tally, copied into the
 * prom-client counter only when a scrape reads it.
 */
import { Counter, type Registry } from 'prom-client';

/** One labelled series a request path adds to. */
export interface Count {
  inc(): void;
}

class Tally implements Count {
  value = 0;
  inc(): void {
    this.value += 1;
  }
}

/** A counter whose series are tallies, one per label value; every series shows from the start, at 0. */
export function tallyCounter(
  registry: Registry,
  config: { name: string; help: string; label: string },
): (labelValue: string) => Count {
  const tallies = new Map<string, { labels: Record<string, string>; tally: Tally }>();
  new Counter({
    name: config.name,
    help: config.help,
    labelNames: [config.label],
    registers: [registry],
    collect() {
      this.reset();
      for (const { labels, tally } of tallies.values()) this.inc(labels, tally.value);
    },
  });
  return (labelValue) => {
    let series = tallies.get(labelValue);
    if (!series) {
      series = { labels: { [config.label]: labelValue }, tally: new Tally() };
      tallies.set(labelValue, series);
    }
    return series.tally;
  };
}

/** One Count per key, labelled with the key's value. */
export function countsOf<K extends string>(
  seriesOf: (labelValue: string) => Count,
  labelValues: Record<K, string>,
): Record<K, Count> {
  const keys = Object.keys(labelValues) as K[];
  return Object.fromEntries(keys.map((key) => [key, seriesOf(labelValues[key])])) as Record<K, Count>;
}
