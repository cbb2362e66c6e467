import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP_CHROME_UA,
  hasChromium,
  launchVisitors,
  screenshot,
  startJourney,
  type Journey,
  type Visitors,
} from './harness.js';
import {
  expectText,
  expectToastStartingWith,
  grantAdminWithCli,
  poll,
  sessionIdOf,
  setTheme,
  snap,
  toastTexts,
} from './helpers.js';

const ALIAS = 'e2e-launch';
const PASSWORD = 'open sesame';

const urlRows = (page: Page) => page.getByRole('list', { name: 'Your URLs' }).getByRole('listitem');

describe.runIf(hasChromium)('short-link options journey', () => {
  let journey: Journey;
  let visitors: Visitors;
  let destination: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-e2e-links-'));
    journey = await startJourney({ dataDir });
    // A page of this same server, so that the visitor's browser needs no network.
    destination = `${journey.origin}/about`;
    visitors = await launchVisitors();
  });
  afterAll(async () => {
    await visitors.close();
    await journey.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a link with an alias and a password in the Add URL modal', async () => {
    const { page, origin } = journey;
    await page.goto(`${origin}/url-shortener`);
    await expectText(page, 'No URLs yet', 1);
    await page.getByRole('button', { name: 'Add URL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add URL' });
    await dialog.getByLabel('Long URL').fill(destination);
    await dialog.getByRole('button', { name: /More options/ }).click();
    await dialog.getByLabel('Alias').fill(ALIAS);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await snap(page, 'link-options-modal-light');
    await dialog.getByRole('button', { name: 'Add URL' }).click();
    await expectToastStartingWith(page, 'URL added successfully!');
    await poll(() => urlRows(page).count()).toBe(1);
    expect(await urlRows(page).first().textContent()).toContain(`/s/${ALIAS}`);
    expect(await page.locator('.Toastify__toast code').first().textContent()).toBe(`${origin}/s/${ALIAS}`);
    expect(await urlRows(page).first().locator('[data-marker="lock"]').count()).toBe(1);
    expect(
      await page.getByTestId('url-detail').getByText('Password-protected', { exact: true }).count(),
    ).toBe(2);
    await snap(page, 'link-options-list-light');
    await setTheme(page, 'dark');
    await snap(page, 'link-options-list-dark');
    await setTheme(page, 'light');
  });

  it('says once, beside the alias, that an alias is taken, and offers a free one', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: 'Add URL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add URL' });
    await dialog.getByLabel('Long URL').fill(`${destination}?again=1`);
    await dialog.getByRole('button', { name: /More options/ }).click();
    await dialog.getByLabel('Alias').fill(ALIAS);
    await dialog.getByRole('button', { name: 'Add URL' }).click();
    const taken = 'This alias is already taken; choose another.';
    await expectText(page, taken, 1);
    expect(await dialog.getByLabel('Alias').getAttribute('aria-invalid')).toBe('true');
    expect((await toastTexts(page)).filter((text) => text.includes(taken))).toEqual([]);
    await snap(page, 'link-options-alias-taken-light');
    await dialog.getByRole('button', { name: /^Use “/ }).click();
    expect(await dialog.getByLabel('Alias').inputValue()).toMatch(new RegExp(`^${ALIAS}-`));
    await expectText(page, taken, 0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => dialog.count()).toBe(0);
  });

  it('asks a visitor in a fresh browser for the password, refuses a wrong one, then sends them on', async () => {
    const visitor = await visitors.open(DESKTOP_CHROME_UA);
    const pageErrors: Error[] = [];
    visitor.on('pageerror', (error) => pageErrors.push(error));

    const first = await visitor.goto(`${journey.origin}/s/${ALIAS}`);
    expect(first?.status()).toBe(200);
    await visitor.getByRole('heading', { name: 'This link is password-protected' }).waitFor();
    // The app's own stylesheet styles the page.
    const background = await visitor
      .locator('.btn-primary')
      .evaluate((button) => getComputedStyle(button).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    await screenshot(visitor, 'link-password-light');

    await visitor.getByLabel('Password').fill('wrong guess');
    await visitor.getByRole('button', { name: 'Continue' }).click();
    await visitor.getByText('Wrong password. Please try again.').waitFor();
    expect(visitor.url()).toBe(`${journey.origin}/s/${ALIAS}`);

    await visitor.evaluate(() => localStorage.setItem('theme', 'dark'));
    await visitor.goto(`${journey.origin}/s/${ALIAS}`);
    expect(await visitor.locator('html').getAttribute('data-bs-theme')).toBe('dark');
    await screenshot(visitor, 'link-password-dark');

    await visitor.getByLabel('Password').fill(PASSWORD);
    await Promise.all([
      visitor.waitForURL(destination),
      visitor.getByRole('button', { name: 'Continue' }).click(),
    ]);
    expect(pageErrors).toEqual([]);
    await visitor.context().close();
  });

  it('shows exactly one click in the analytics', async () => {
    const { page, origin } = journey;
    await page.goto(`${origin}/url-shortener/analytics/${ALIAS}`);
    const total = page.getByTestId('stat').first();
    await poll(() => total.textContent()).toMatch(/^1Total Clicks/);
    expect(await page.getByTestId('link-state').textContent()).toContain('Password-protected');
    await snap(page, 'link-options-analytics-light');
    expect(journey.pageErrors).toEqual([]);
  });

  it('lets an admin disable the link, which then answers "This link was disabled"', async () => {
    const { page, origin } = journey;
    await page.goto(await grantAdminWithCli(dataDir, origin, await sessionIdOf(page)));
    await page.waitForURL(`${origin}/admin`);
    await page.getByRole('link', { name: 'Links', exact: true }).click();
    await page.getByLabel('Destination host or link id').fill(ALIAS);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: ALIAS });
    await row.getByRole('button', { name: `Disable ${ALIAS}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Disable link' });
    await poll(() => confirm.isVisible()).toBe(true);
    await snap(page, 'admin-links-confirm-light');
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await poll(() => row.locator('.badge').textContent()).toBe('Disabled');
    await snap(page, 'admin-links-light');

    const visitor = await visitors.open(DESKTOP_CHROME_UA);
    const response = await visitor.goto(`${origin}/s/${ALIAS}`);
    expect(response?.status()).toBe(410);
    await visitor.getByRole('heading', { name: 'This link was disabled' }).waitFor();
    await screenshot(visitor, 'link-disabled-light');
    await visitor.context().close();

    await row.getByRole('button', { name: `Enable ${ALIAS}` }).click();
    await poll(() => row.locator('.badge').textContent()).toBe('Password-protected');
    expect(journey.pageErrors).toEqual([]);
  });
});
