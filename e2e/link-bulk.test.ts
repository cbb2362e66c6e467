import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShortUrl } from '../shared/links.js';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { expectText, poll, sessionIdOf, setTheme, snap } from './helpers.js';

const INVALID_URL = 'Please enter a valid URL starting with http:// or https://';

const IMPORT_CSV = [
  'url,alias,externalId,maxClicks',
  'https://example.com/one,e2e-bulk-one,row-1,',
  '"https://example.com/two?a=1,2",,row-2,5',
  'https://example.com/three,,"row 3, with a comma",',
  'ftp://example.com/not-a-web-page,,row-4,',
  '',
].join('\r\n');

const urlRows = (page: Page) => page.getByRole('list', { name: 'Your URLs' }).getByRole('listitem');
const importDialog = (page: Page) => page.getByRole('dialog', { name: 'Import links from CSV' });
const resultRows = (page: Page) => importDialog(page).getByRole('table').locator('tbody tr');

async function pickFile(page: Page) {
  await importDialog(page)
    .getByLabel('CSV file')
    .setInputFiles({ name: 'links.csv', mimeType: 'text/csv', buffer: Buffer.from(IMPORT_CSV) });
}

describe.runIf(hasChromium)('importing and exporting links journey', () => {
  let journey: Journey;

  beforeAll(async () => {
    journey = await startJourney();
  });
  afterAll(() => journey.close());

  it('previews a CSV file with its problems, then imports the good rows', async () => {
    const { page, origin } = journey;
    await page.goto(`${origin}/url-shortener`);
    await expectText(page, 'No URLs yet', 1);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = importDialog(page);
    expect(await dialog.getByText(/^Up to 5,000 rows per import, sent 100 at a time\./).count()).toBe(1);
    await pickFile(page);
    await poll(() => dialog.getByRole('status').textContent()).toBe(
      '3 ready to import, 1 with problems (not sent).',
    );
    expect(await resultRows(page).nth(3).textContent()).toContain(INVALID_URL);
    await snap(page, 'link-bulk-preview-light');

    await dialog.getByRole('button', { name: 'Import 3 links' }).click();
    await poll(() => dialog.getByRole('status').textContent()).toBe('3 created, 0 already there, 1 failed.');
    const results = await resultRows(page).allTextContents();
    expect(results.slice(0, 3).every((row) => row.includes('Created'))).toBe(true);
    expect(results[0]).toContain(`${origin}/s/e2e-bulk-one`);
    expect(results[3]).toContain(`Failed ${INVALID_URL}`);
    await snap(page, 'link-bulk-results-light');

    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await poll(() => urlRows(page).count()).toBe(3);
    const listed = (await urlRows(page).allTextContents()).join('\n');
    expect(listed).toContain('/s/e2e-bulk-one');
    for (const destination of ['example.com/one', 'example.com/two?a=1,2', 'example.com/three']) {
      expect(listed).toContain(destination);
    }
    expect(journey.pageErrors).toEqual([]);
  });

  it('imports the same file again without making second links', async () => {
    const { page } = journey;
    await setTheme(page, 'dark');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await pickFile(page);
    const dialog = importDialog(page);
    await dialog.getByRole('button', { name: 'Import 3 links' }).click();
    await poll(() => dialog.getByRole('status').textContent()).toBe('0 created, 3 already there, 1 failed.');
    expect(await resultRows(page).first().textContent()).toContain('Already there');
    await snap(page, 'link-bulk-results-dark');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await poll(() => urlRows(page).count()).toBe(3);
    await setTheme(page, 'light');
  });

  it('exports the links as a CSV file', async () => {
    const { page, app, origin } = journey;
    const sessionId = await sessionIdOf(page);
    const links = (
      await app.inject({ method: 'GET', url: '/api/urls', headers: { 'x-session-id': sessionId } })
    ).json<ShortUrl[]>();
    const byExternalId = (externalId: string) => links.find((link) => link.externalId === externalId);
    const one = byExternalId('row-1');
    const two = byExternalId('row-2');
    const three = byExternalId('row 3, with a comma');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('hookbay-links.csv');
    const line = (link: ShortUrl | undefined, cells: string) =>
      `${link?.id},${origin}/s/${link?.id},${cells},${link?.createdAt},,${link?.maxClicks ?? ''},false,0,active,\r\n`;
    expect(await readFile(await file.path(), 'utf8')).toBe(
      'id,shortUrl,url,alias,externalId,createdAt,expiresAt,maxClicks,hasPassword,clicks,state,disabledAt\r\n' +
        line(three, 'https://example.com/three,,"row 3, with a comma"') +
        line(two, '"https://example.com/two?a=1,2",,row-2') +
        line(one, 'https://example.com/one,e2e-bulk-one,row-1'),
    );
    expect(journey.pageErrors).toEqual([]);
  });

  it('fits the tools and the import preview on a phone', async () => {
    const { page } = journey;
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.getByRole('button', { name: 'Import CSV' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Export CSV' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await pickFile(page);
    await poll(() => resultRows(page).count()).toBe(4);
    await snap(page, 'link-bulk-import-phone');
    await importDialog(page).getByRole('button', { name: 'Close' }).last().click();
    await page.setViewportSize({ width: 1280, height: 860 });
  });
});
