import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_CHROME_UA, hasChromium, screenshot, startJourney, type Journey } from './harness.js';
import {
  clipboardText,
  expectText,
  expectToast,
  expectToastStartingWith,
  poll,
  realtimeJoined,
  setTheme,
  snap,
} from './helpers.js';

const LONG_URL = 'https://example.com/a/very/long/path/that/is/longer/than/fifty/characters';
const EDITED_URL = 'https://example.com/an/edited/path/that/is/also/longer/than/fifty/characters?ref=e2e';

/** Space Saved as the product defines it: (length - 30) / length, rounded, for URLs over 50 characters. */
const spaceSaved = (url: string) => `${Math.round(((url.length - 30) / url.length) * 100)}%`;

const detail = (page: Page) => page.getByTestId('url-detail');
const urlRows = (page: Page) => page.getByRole('list', { name: 'Your URLs' }).getByRole('listitem');

/** The value shown beside a label in the detail's Analytics and URL Info cards. */
function fact(page: Page, label: string) {
  return detail(page)
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .last()
    .locator('strong');
}

/** The address shown in the detail card titled `title` (Original URL or Short URL). */
function address(page: Page, title: string) {
  return detail(page)
    .locator('.card')
    .filter({ has: page.getByRole('heading', { name: title }) })
    .locator('.card-body code');
}

describe.runIf(hasChromium)('URL Shortener journey', () => {
  let journey: Journey;
  let shortUrl: string;
  let linkId: string;
  let joined: Promise<void>;
  const urlPosts: string[] = [];

  beforeAll(async () => {
    journey = await startJourney();
    journey.page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/urls')
        urlPosts.push(request.url());
    });
  });
  afterAll(async () => {
    await journey.close();
  });

  it('starts with no URLs', async () => {
    const { page, origin } = journey;
    joined = realtimeJoined(page);
    await page.goto(`${origin}/url-shortener`);
    await expectText(page, 'No URLs yet', 1);
    await expectText(page, 'No URL selected', 1);
  });

  it('refuses text that is not a URL without asking the server', async () => {
    const { page } = journey;
    await page.getByLabel('Long URL to shorten').fill('not a url');
    await page.getByRole('button', { name: 'Shorten' }).click();
    await expectToast(page, 'Please enter a valid URL starting with http:// or https://');
    expect(urlPosts).toEqual([]);
    await expectText(page, 'No URLs yet', 1);
    // The text stays for correcting.
    expect(await page.getByLabel('Long URL to shorten').inputValue()).toBe('not a url');
  });

  it('shortens a long URL, selects it and shows its details', async () => {
    const { page, origin } = journey;
    await page.getByLabel('Long URL to shorten').fill(LONG_URL);
    await page.getByRole('button', { name: 'Shorten' }).click();
    await expectToastStartingWith(page, 'URL added successfully!');
    expect(urlPosts).toHaveLength(1);
    expect(await page.getByLabel('Long URL to shorten').inputValue()).toBe('');

    await poll(() => urlRows(page).count()).toBe(1);
    expect(await page.getByText('No URLs yet').count()).toBe(0);
    expect(await urlRows(page).first().locator('button[aria-current="true"]').count()).toBe(1);

    expect(await address(page, 'Original URL').textContent()).toBe(LONG_URL);
    shortUrl = (await address(page, 'Short URL').textContent()) ?? '';
    expect(shortUrl).toMatch(new RegExp(`^${origin.replaceAll('.', '\\.')}/s/[A-Za-z0-9_-]+$`));
    linkId = shortUrl.slice(shortUrl.lastIndexOf('/') + 1);
    // The success toast carries the new short URL, ready to copy.
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'URL added successfully!' });
    expect(await toast.locator('code').textContent()).toBe(shortUrl);
    await screenshot(page, 'shortener-created-toast-light');
    await toast.getByRole('button', { name: 'Copy' }).click();
    await expectToast(page, 'Short URL copied to clipboard');
    expect(await clipboardText(page)).toBe(shortUrl);
    // The row leads with the link's id and where it goes, not with the scheme every URL shares.
    const row = urlRows(page).first();
    expect(await row.locator('button[aria-current="true"]').textContent()).toBe(`/s/${linkId}`);
    expect(await row.locator('small').textContent()).toBe('example.com/…/characters');
    expect(await fact(page, 'Space Saved').textContent()).toBe(spaceSaved(LONG_URL));
    expect(await fact(page, 'Total Clicks').textContent()).toBe('0');
    expect(await fact(page, 'Status').textContent()).toBe('Active');
  });

  it('edits the URL in the Edit URL modal', async () => {
    const { page } = journey;
    await detail(page).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit URL' });
    await poll(() => dialog.count()).toBe(1);
    const input = dialog.getByLabel('Long URL');
    expect(await input.inputValue()).toBe(LONG_URL);
    await input.fill(EDITED_URL);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'URL updated successfully!');
    await poll(() => dialog.count()).toBe(0);
    await poll(() => address(page, 'Original URL').textContent()).toBe(EDITED_URL);
    // Same short link, new target.
    expect(await address(page, 'Short URL').textContent()).toBe(shortUrl);
    expect(await fact(page, 'Space Saved').textContent()).toBe(spaceSaved(EDITED_URL));
    expect(await urlRows(page).count()).toBe(1);
    await snap(page, 'shortener-light');
  });

  it('a visit of the short link redirects and is counted live', async () => {
    const { page, context } = journey;
    // The click must reach this page live.
    await joined;
    const visitor = await context.newPage();
    visitor.on('pageerror', (error) => journey.pageErrors.push(error));
    // Playwright cannot route the hop after a redirect (microsoft/playwright#33882), so the browser
    // really follows the 302 to example.com, which may not resolve here: the journey checks that the
    // browser was sent there and ignores how that page itself loads.
    const answer = visitor.waitForEvent('response', (response) => response.url() === shortUrl);
    const hop = visitor.waitForEvent('request', (request) => request.redirectedFrom()?.url() === shortUrl);
    await visitor.goto(shortUrl).catch(() => null);
    expect((await answer).status()).toBe(302);
    expect((await hop).url()).toBe(EDITED_URL);
    await visitor.close();

    await expectToast(page, `New click on URL #${linkId}!`);
    await expect
      .poll(() => urlRows(page).first().locator('.badge [aria-hidden="true"]').textContent())
      .toBe('1');
    expect(await urlRows(page).first().locator('.badge .visually-hidden').textContent()).toBe('1 click');
    await poll(() => fact(page, 'Total Clicks').textContent()).toBe('1');
  });

  it('the analytics page lists the click in Click Details', async () => {
    const { page, origin } = journey;
    await detail(page).getByRole('link', { name: 'View analytics' }).click();
    await page.waitForURL(`${origin}/url-shortener/analytics/${linkId}`);
    const table = page.getByRole('table', { name: 'Click Details' });
    await poll(() => table.count()).toBe(1);
    expect(await table.locator('thead th').allTextContents()).toEqual([
      'Timestamp',
      'IP Address',
      'Location',
      'User Agent',
      'Referer',
      'ISP',
    ]);
    const cells = table.locator('tbody tr');
    expect(await cells.count()).toBe(1);
    const row = await cells.first().locator('td').allTextContents();
    expect(row[1]).toBe('127.0.0.1');
    expect(row[2]).toBe('Local network');
    // The user agent is cut at 40 characters.
    expect(row[3]).toBe(`${DESKTOP_CHROME_UA.slice(0, 40)}…`);
    expect(row[4]).toBe('Direct');
    expect(row[5]).toBe('Local network');
    // The title cuts the URL at 50 characters.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      `Analytics for ${EDITED_URL.slice(0, 50)}…`,
    );
    await snap(page, 'analytics-light');
    await setTheme(page, 'dark');
    await snap(page, 'analytics-dark');
  });

  it('deletes the URL after confirming', async () => {
    const { page, origin } = journey;
    await page.getByRole('link', { name: 'Back to URL Shortener' }).click();
    await page.waitForURL(`${origin}/url-shortener`);
    await poll(() => urlRows(page).count()).toBe(1);
    await snap(page, 'shortener-dark');
    await setTheme(page, 'light');

    await urlRows(page).first().getByRole('button', { name: 'Delete URL' }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByText('Are you sure you want to delete this URL?', { exact: true }).count())
      .toBe(1);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'URL deleted successfully!');
    await expectText(page, 'No URLs yet', 1);
    await poll(() => dialog.count()).toBe(0);
    // Gone on the server too.
    await page.reload();
    await expectText(page, 'No URLs yet', 1);
    expect(journey.pageErrors).toEqual([]);
  });
});
