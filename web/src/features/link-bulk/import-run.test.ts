import { describe, expect, it } from 'vitest';
import type { BulkResult } from '../../../../shared/link-bulk';
import type { ShortUrl } from '../../../../shared/links';
import { ApiError } from '../../lib/http';
import type { ImportItem, ImportRow } from './import-rows';
import { makeUrl } from '../short-links/test-data';
import { countOutcomes, runImport } from './import-run';

function rows(count: number, problems: (index: number) => string[] = () => []): ImportRow[] {
  return Array.from({ length: count }, (_, index) => ({
    line: index + 2,
    item: { url: `https://a.example/${index}`, ...(index === 0 && { externalId: 'known' }) },
    problems: problems(index),
  }));
}

describe('running an import', () => {
  it('sends the good rows 100 at a time and tells created, existing and failed apart', async () => {
    const sent: ImportItem[][] = [];
    async function send(items: ImportItem[]): Promise<BulkResult<ShortUrl>[]> {
      sent.push(items);
      return items.map((item, index) =>
        item.url.endsWith('/7')
          ? { index, status: 409, error: 'This alias is already taken; choose another.' }
          : makeUrl({ id: `id${index}`, url: item.url }),
      );
    }
    const outcomes = await runImport(
      rows(205, (index) => (index === 3 ? ['Bad row.'] : [])),
      { send, existingExternalIds: new Set(['known']) },
    );
    expect(sent.map((batch) => batch.length)).toEqual([100, 100, 4]);
    expect(outcomes[0]).toMatchObject({ kind: 'existing' });
    expect(outcomes[1]).toMatchObject({ kind: 'created', link: { url: 'https://a.example/1' } });
    expect(outcomes[3]).toEqual({ kind: 'failed', reason: 'Bad row.' });
    expect(outcomes[7]).toEqual({ kind: 'failed', reason: 'This alias is already taken; choose another.' });
    expect(countOutcomes(outcomes)).toEqual({ created: 202, existing: 1, failed: 2 });
  });

  it('sends nothing more once a create limit refuses, and says why for every row left', async () => {
    let calls = 0;
    async function send(items: ImportItem[]): Promise<BulkResult<ShortUrl>[]> {
      calls++;
      return items.map((item, index) =>
        index < 30
          ? makeUrl({ id: `id${index}`, url: item.url })
          : { index, status: 429, error: 'Slow down.' },
      );
    }
    const outcomes = await runImport(rows(150), { send, existingExternalIds: new Set() });
    expect(calls).toBe(1);
    expect(outcomes[30]).toEqual({ kind: 'failed', reason: 'Slow down.' });
    expect(outcomes[149]).toEqual({ kind: 'failed', reason: 'Not sent: Slow down.' });
    expect(countOutcomes(outcomes)).toEqual({ created: 30, existing: 0, failed: 120 });
  });

  it('fails the batch with the server’s words when a request is refused as a whole', async () => {
    const send = () => Promise.reject(new ApiError(400, 'At most 100 items per request.', true));
    const outcomes = await runImport(rows(2), { send, existingExternalIds: new Set() });
    expect(outcomes).toEqual([
      { kind: 'failed', reason: 'At most 100 items per request.' },
      { kind: 'failed', reason: 'At most 100 items per request.' },
    ]);
  });
});
