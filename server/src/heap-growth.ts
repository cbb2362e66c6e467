/**
 * How far V8 lets the heap grow past what survived its last full collection before it collects
 * again. On a machine with much memory V8 allows up to four times: a server that keeps 45 MB then
 * carries up to 150 MB of garbage under a stream of large or hostile requests, and its resident set
 * swings with it. One and a half times keeps that garbage, and the resident set, bounded (the
 * figures are in docs/benchmarks.md, "Fuzz"), at the cost of more frequent full collections.
 */
import v8 from 'node:v8';

export const HEAP_GROWING_PERCENT = 50;

/** Read by V8 each time it sets the next collection's limit, so it applies from the next one on. */
export function limitHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
