import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { openInspector, poll, setTheme, snap } from './helpers.js';

/** Paths of the listed requests, newest first. */
const listedPaths = (page: Page) =>
  page
    .getByRole('list', { name: 'Requests' })
    .getByRole('listitem')
    .locator('span.request-path')
    .allTextContents();
const requestCount = (page: Page) => page.getByTestId('request-count').textContent();
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search requests' });
const chip = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filter by method' }).getByRole('button', { name, exact: true });
const selectedPath = (page: Page) =>
  page.locator('.webhook-request-scroll button[aria-current="true"] span.request-path').textContent();

describe.runIf(hasChromium)('Webhook Inspector search journey', () => {
  let journey: Journey;
  let webhookUrl: string;

  const send = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${webhookUrl}${path}`, { method: 'POST', ...init });
    expect(response.ok).toBe(true);
  };

  beforeAll(async () => {
    journey = await startJourney();
  });
  afterAll(async () => {
    await journey.close();
  });

  it('opens on four requests', async () => {
    const { page, origin } = journey;
    webhookUrl = await openInspector(page, origin);
    await send('/invoices', { body: JSON.stringify({ type: 'invoice.paid', total: 12 }) });
    await send('/customers', { body: JSON.stringify({ type: 'customer.created' }) });
    await send('/invoices/2', { method: 'PUT', body: 'Invoice UPDATED' });
    await send('/ping', { method: 'GET' });
    await poll(() => requestCount(page)).toBe('4');
  });

  it('typing a search lists only the matches, and the badge reads "N of M"', async () => {
    const { page } = journey;
    await searchBox(page).fill('INVOICE');
    await poll(() => listedPaths(page)).toEqual(['/invoices/2', '/invoices']);
    expect(await requestCount(page)).toBe('2 of 4');
    await searchBox(page).fill('nothing like this');
    // Said in the list and in the details, which do not claim to wait for a first request.
    await poll(() => page.getByText('No request matches the search', { exact: true }).count()).toBe(2);
    expect(await page.getByText('Webhook Inspector is waiting', { exact: true }).count()).toBe(0);
    expect(await requestCount(page)).toBe('0 of 4');
    expect(await page.getByRole('button', { name: 'Clear search' }).count()).toBe(2);
  });

  it('Escape empties the search and the whole list is back', async () => {
    const { page } = journey;
    await searchBox(page).press('Escape');
    expect(await searchBox(page).inputValue()).toBe('');
    await poll(() => listedPaths(page)).toEqual(['/ping', '/invoices/2', '/customers', '/invoices']);
    expect(await requestCount(page)).toBe('4');
  });

  it('a method chip narrows the list, alone or with the search', async () => {
    const { page } = journey;
    await chip(page, 'PUT').click();
    expect(await chip(page, 'PUT').getAttribute('aria-pressed')).toBe('true');
    await poll(() => listedPaths(page)).toEqual(['/invoices/2']);
    expect(await requestCount(page)).toBe('1 of 4');
    await chip(page, 'GET').click();
    await poll(() => listedPaths(page)).toEqual(['/ping', '/invoices/2']);
    await searchBox(page).fill('invoice');
    await poll(() => listedPaths(page)).toEqual(['/invoices/2']);
    await chip(page, 'GET').click();
    await chip(page, 'PUT').click();
    await poll(() => listedPaths(page)).toEqual(['/invoices/2', '/invoices']);
  });

  it('a live request that matches is listed; one that does not is counted as hidden', async () => {
    const { page } = journey;
    await send('/refunds/1', { body: 'refund 1' });
    await send('/refunds/2', { body: 'refund 2' });
    await poll(() => page.getByTestId('hidden-new').textContent()).toBe('2 new, hidden by the filter');
    expect(await requestCount(page)).toBe('2 of 6');
    await send('/invoices/3', { body: 'invoice 3' });
    await poll(() => listedPaths(page)).toEqual(['/invoices/3', '/invoices/2', '/invoices']);
    expect(await requestCount(page)).toBe('3 of 7');
    expect(await page.getByTestId('hidden-new').textContent()).toBe('2 new, hidden by the filter');
    await snap(page, 'search-light');
    await setTheme(page, 'dark');
    await snap(page, 'search-dark');
    await setTheme(page, 'light');
  });

  it('the export links download with the filters in force', async () => {
    const { page } = journey;
    const href = await page.getByRole('link', { name: 'NDJSON' }).getAttribute('href');
    expect(href).toContain('format=ndjson');
    expect(href).toContain('q=invoice');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'HAR' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^hookbay-requests-.+\.har$/);
    const har = JSON.parse(await readFile(await file.path(), 'utf8')) as {
      log: { entries: { request: { url: string } }[] };
    };
    expect(har.log.entries.map((entry) => entry.request.url)).toEqual([
      `${webhookUrl}/invoices/3`,
      `${webhookUrl}/invoices/2`,
      `${webhookUrl}/invoices`,
    ]);
  });

  it('j/k and the arrow keys move the selection, Delete removes the selected request', async () => {
    const { page } = journey;
    await searchBox(page).press('Escape');
    await poll(() => requestCount(page)).toBe('7');
    await searchBox(page).blur();
    await page
      .getByRole('list', { name: 'Requests' })
      .getByRole('listitem')
      .first()
      .getByRole('button')
      .first()
      .click();
    await poll(() => selectedPath(page)).toBe('/invoices/3');
    await page.keyboard.press('j');
    await poll(() => selectedPath(page)).toBe('/refunds/2');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await poll(() => selectedPath(page)).toBe('/ping');
    await page.keyboard.press('k');
    await poll(() => selectedPath(page)).toBe('/refunds/1');
    await page.keyboard.press('ArrowUp');
    await poll(() => selectedPath(page)).toBe('/refunds/2');
    await page.keyboard.press('Delete');
    await poll(() => requestCount(page)).toBe('6');
    // The next one takes the selection, as after deleting with the bin.
    expect(await listedPaths(page)).toEqual([
      '/invoices/3',
      '/refunds/1',
      '/ping',
      '/invoices/2',
      '/customers',
      '/invoices',
    ]);
    await poll(() => selectedPath(page)).toBe('/refunds/1');
  });

  it('keys typed into the search box stay there; / goes to the search box', async () => {
    const { page } = journey;
    await page.keyboard.press('/');
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Search requests',
    );
    await page.keyboard.type('jk');
    // j and k went into the box and searched (nothing matches), rather than moving through the list.
    expect(await searchBox(page).inputValue()).toBe('jk');
    await poll(() => requestCount(page)).toBe('0 of 6');
    await page.keyboard.press('Escape');
    expect(await searchBox(page).inputValue()).toBe('');
    await poll(() => requestCount(page)).toBe('6');
  });

  it('while the tab is hidden, new requests count in the title until it is shown again', async () => {
    const { page } = journey;
    await poll(() => page.title()).toBe('Webhook Inspector – Hookbay');
    const setVisibility = (state: 'hidden' | 'visible') =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await setVisibility('hidden');
    await send('/while-away', { body: 'one' });
    await poll(() => page.title()).toBe('(1) Webhook Inspector – Hookbay');
    await send('/while-away', { body: 'two' });
    await send('/while-away', { body: 'three' });
    await poll(() => page.title()).toBe('(3) Webhook Inspector – Hookbay');
    await setVisibility('visible');
    await poll(() => page.title()).toBe('Webhook Inspector – Hookbay');
    expect(journey.pageErrors).toEqual([]);
  });
});
