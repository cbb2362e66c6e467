/** Name/value pairs of a request: its header lines and query parameters, and the same names grouped. */
import type { HeaderMap, QueryMap, WebhookEvent } from '../../../../shared/webhooks';

export type Pairs = (readonly [string, string])[];

/** One pair per value: a name given twice gives two pairs. */
export function pairsOf(map: HeaderMap | QueryMap): Pairs {
  return Object.entries(map).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => [name, item] as const),
  );
}

/** Header lines as sent; events stored without them fall back to the header object. */
export function headerLines(event: WebhookEvent): Pairs {
  return event.rawHeaders.length > 0 ? event.rawHeaders : pairsOf(event.headers);
}

/** Pairs by name without regard to case, in first-seen order; each keeps the case it was first seen in. */
export function groupByName(
  pairs: readonly (readonly [string, string])[],
): Map<string, { name: string; values: string[] }> {
  const groups = new Map<string, { name: string; values: string[] }>();
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    const group = groups.get(key);
    if (group) group.values.push(value);
    else groups.set(key, { name, values: [value] });
  }
  return groups;
}
