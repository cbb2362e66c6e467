import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import {
  expectToast,
  expectToastStartingWith,
  grantAdminWithCli,
  poll,
  sessionIdOf,
  setTheme,
  snap,
} from './helpers.js';

const FIRST_URL = 'https://example.com/first';
const EDITED_URL = 'https://example.com/edited';
const ALIAS = 'e2e-history';

const history = (page: Page) => page.getByRole('list', { name: 'Changes of this link, newest first' });

/** The first line of each history entry, newest first. */
async function historyLines(page: Page): Promise<string[]> {
  const items = history(page).getByRole('listitem');
  const lines: string[] = [];
  for (let index = 0; index < (await items.count()); index++) {
    lines.push((await items.nth(index).locator('div > div').allTextContents()).join(' | '));
  }
  return lines;
}

describe.runIf(hasChromium)('link history journey', () => {
  let journey: Journey;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-e2e-history-'));
    journey = await startJourney({ dataDir });
  });
  afterAll(async () => {
    await journey.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows the creation of a new link in its History', async () => {
    const { page, origin } = journey;
    await page.goto(`${origin}/url-shortener`);
    await page.getByRole('button', { name: 'Add URL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add URL' });
    await dialog.getByLabel('Long URL').fill(FIRST_URL);
    await dialog.getByRole('button', { name: /More options/ }).click();
    await dialog.getByLabel('Alias').fill(ALIAS);
    await dialog.getByRole('button', { name: 'Add URL' }).click();
    await expectToastStartingWith(page, 'URL added successfully!');
    await poll(() => historyLines(page)).toEqual([
      `Created for ${FIRST_URL} | Passing on the query string turned on | Alias set to ${ALIAS}`,
    ]);
  });

  it('adds a line when the destination and the password change in the Edit URL modal', async () => {
    const { page } = journey;
    await page.getByTestId('url-detail').getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit URL' });
    await dialog.getByLabel('Long URL').fill(EDITED_URL);
    // The options are open already: the link has an alias.
    await dialog.getByLabel('Password', { exact: true }).fill('open sesame');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'URL updated successfully!');
    await poll(() => historyLines(page)).toEqual([
      `Destination changed from ${FIRST_URL} to ${EDITED_URL} | Password set`,
      `Created for ${FIRST_URL} | Passing on the query string turned on | Alias set to ${ALIAS}`,
    ]);
    const newest = history(page).getByRole('listitem').first().locator('time');
    expect(await newest.textContent()).toBe('just now');
    const exact = await newest.getAttribute('title');
    expect(exact).toBe(
      await newest.evaluate((time) => new Date(time.getAttribute('datetime') ?? '').toLocaleString()),
    );
    expect(await page.getByTestId('link-history').textContent()).not.toContain('open sesame');
    await snap(page, 'link-history-light');
    await setTheme(page, 'dark');
    await snap(page, 'link-history-dark');
    await setTheme(page, 'light');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'link-history-phone');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('says when an administrator disabled the link', async () => {
    const { page, origin } = journey;
    await page.goto(await grantAdminWithCli(dataDir, origin, await sessionIdOf(page)));
    await page.waitForURL(`${origin}/admin`);
    await page.getByRole('link', { name: 'Links', exact: true }).click();
    await page.getByLabel('Destination host or link id').fill(ALIAS);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: ALIAS });
    await row.getByRole('button', { name: `Disable ${ALIAS}` }).click();
    await page.getByRole('dialog', { name: 'Disable link' }).getByRole('button', { name: 'Disable' }).click();
    await poll(() => row.locator('.badge').textContent()).toBe('Disabled');

    await page.goto(`${origin}/url-shortener`);
    await poll(async () => (await historyLines(page))[0]).toBe('Disabled by an administrator');
    expect(await historyLines(page)).toHaveLength(3);
    expect(journey.pageErrors).toEqual([]);
  });
});
