/**
 * Sends the acceptable rows of an import to the bulk API, MAX_BULK_ITEMS at a time, and turns each
 * answer into the row's outcome. Rows with problems are not sent. Once a create limit refuses an
 * item, or a request fails as a whole, the rows not yet sent are not sent: they would fail alike.
 */
import { isBulkItemError, MAX_BULK_ITEMS, type BulkResult } from '../../../../shared/link-bulk';
import type { ShortUrl } from '../../../../shared/links';
import { messageOf } from '../../lib/http';
import type { ImportItem, ImportRow } from './import-rows';
import { bulkMessages as text } from './messages';

export type RowOutcome =
  | { kind: 'created'; link: ShortUrl }
  | { kind: 'existing'; link: ShortUrl }
  | { kind: 'failed'; reason: string };

export interface ImportDeps {
  send(items: ImportItem[]): Promise<BulkResult<ShortUrl>[]>;
  /** The externalIds the session had before the import: their rows keep the link they have. */
  existingExternalIds: ReadonlySet<string>;
  /** Called after each batch with every row's outcome so far (null: not sent yet). */
  onProgress?(outcomes: (RowOutcome | null)[]): void;
}

export interface OutcomeCounts {
  created: number;
  existing: number;
  failed: number;
}

const failed = (reason: string): RowOutcome => ({ kind: 'failed', reason });

function outcomeOf(result: BulkResult<ShortUrl> | undefined, row: ImportRow, existing: ReadonlySet<string>) {
  if (!result) return failed(text.batchFailed);
  if (isBulkItemError(result)) return failed(result.error);
  const isExisting = row.item.externalId != null && existing.has(row.item.externalId);
  return { kind: isExisting ? 'existing' : 'created', link: result } as const;
}

/** Imports the rows; resolves with one outcome per row, in the rows' order. */
export async function runImport(rows: readonly ImportRow[], deps: ImportDeps): Promise<RowOutcome[]> {
  const outcomes: (RowOutcome | null)[] = rows.map((row) =>
    row.problems.length > 0 ? failed(row.problems.join(' ')) : null,
  );
  const pending = rows.flatMap((row, index) => (row.problems.length > 0 ? [] : [index]));
  let stopReason: string | null = null;
  for (let start = 0; start < pending.length; start += MAX_BULK_ITEMS) {
    const batch = pending.slice(start, start + MAX_BULK_ITEMS);
    if (stopReason !== null) {
      for (const index of batch) outcomes[index] = failed(text.notSent(stopReason));
      continue;
    }
    try {
      const results = await deps.send(batch.map((index) => (rows[index] as ImportRow).item));
      batch.forEach((rowIndex, position) => {
        const result = results[position];
        outcomes[rowIndex] = outcomeOf(result, rows[rowIndex] as ImportRow, deps.existingExternalIds);
        if (result && isBulkItemError(result) && result.status === 429) stopReason = result.error;
      });
    } catch (error) {
      stopReason = messageOf(error, text.batchFailed);
      for (const index of batch) outcomes[index] = failed(stopReason);
    }
    deps.onProgress?.([...outcomes]);
  }
  // Every row was either refused before sending or answered above.
  return outcomes.map((outcome) => outcome ?? failed(text.batchFailed));
}

export function countOutcomes(outcomes: readonly (RowOutcome | null)[]): OutcomeCounts {
  const counts: OutcomeCounts = { created: 0, existing: 0, failed: 0 };
  for (const outcome of outcomes) if (outcome) counts[outcome.kind]++;
  return counts;
}
