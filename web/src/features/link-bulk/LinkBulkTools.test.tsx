import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BulkResult } from '../../../../shared/link-bulk';
import type { ShortUrl } from '../../../../shared/links';
import { renderWithProviders, SESSION_ID, stubFetch } from '../../test/render';
import { makeUrl } from '../short-links/test-data';
import { LinkBulkTools } from './LinkBulkTools';

function linkOf(id: string, url: string, externalId: string | null): ShortUrl {
  return makeUrl({ id, url, externalId });
}

const CSV = 'url,externalId\nhttps://a.example/1,known\nhttps://a.example/2,new\nnot a url,bad\n';

beforeEach(() => {
  localStorage.setItem('userSessionId', SESSION_ID);
  localStorage.setItem('userSessionExpiry', String(Date.now() + 60_000));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Import CSV and Export CSV', () => {
  it('previews the rows, imports the good ones and says what became of each', async () => {
    const calls = stubFetch(({ method, path, body }) => {
      if (method === 'GET' && path === '/api/urls') {
        return { status: 200, body: [linkOf('old1234', 'https://a.example/1', 'known')] };
      }
      const items = body as { url: string; externalId: string }[];
      const answer: BulkResult<ShortUrl>[] = [
        linkOf('old1234', 'https://a.example/1', 'known'),
        { index: 1, status: 400, error: 'This destination is blocked.' },
      ];
      return { status: 200, body: answer.slice(0, items.length) };
    });
    const onImported = vi.fn();
    renderWithProviders(<LinkBulkTools onImported={onImported} />);

    await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import links from CSV' });
    await userEvent.upload(
      within(dialog).getByLabelText('CSV file'),
      new File([CSV], 'links.csv', { type: 'text/csv' }),
    );
    expect(await within(dialog).findByText('2 ready to import, 1 with problems (not sent).')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 2 links' }));
    expect(await within(dialog).findByText('0 created, 1 already there, 2 failed.')).toBeTruthy();
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Already there'),
      expect.stringContaining('Failed This destination is blocked.'),
      expect.stringContaining('Failed Please enter a valid URL'),
    ]);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/urls/bulk',
        search: '',
        body: [
          { url: 'https://a.example/1', externalId: 'known' },
          { url: 'https://a.example/2', externalId: 'new' },
        ],
      },
    ]);
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
  });

  it('refuses a file without a url column before sending anything', async () => {
    const calls = stubFetch(() => ({ status: 200, body: [] }));
    renderWithProviders(<LinkBulkTools onImported={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import links from CSV' });
    await userEvent.upload(
      within(dialog).getByLabelText('CSV file'),
      new File(['alias\nlaunch\n'], 'links.csv', { type: 'text/csv' }),
    );
    expect(
      await within(dialog).findByText('The header row must name a "url" or "destination" column.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Import 0 links' })).toHaveProperty('disabled', true);
    expect(calls).toEqual([]);
  });

  it('downloads the links CSV of this session', () => {
    renderWithProviders(<LinkBulkTools onImported={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `http://localhost:3000/api/urls/export?format=csv&sessionId=${SESSION_ID}`,
    );
  });
});
