import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, hasChromium, startJourney, type Journey } from './harness.js';
import { expectToastStartingWith, poll, snap } from './helpers.js';

const urlRows = (page: Page) => page.getByRole('list', { name: 'Your URLs' }).getByRole('listitem');

describe.runIf(hasChromium)('redirect status, fallback and start journey', () => {
  let journey: Journey;
  let visitorBrowser: Browser;

  beforeAll(async () => {
    journey = await startJourney();
    visitorBrowser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await visitorBrowser.close();
    await journey.close();
  });

  /** Opens the short link in a fresh browser; resolves to where it landed. */
  async function landingOf(shortUrl: string): Promise<string> {
    const context = await visitorBrowser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(shortUrl);
    const landed = visitor.url();
    await context.close();
    return landed;
  }

  it('sets a 308, a fallback and a later start in the Add URL modal, and the link keeps to them', async () => {
    const { page, origin } = journey;
    // Pages of this same server, so that the visitor's browser needs no network.
    const destination = `${origin}/about`;
    const fallback = `${origin}/privacy`;
    await page.goto(`${origin}/url-shortener`);
    await page.getByRole('button', { name: 'Add URL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add URL' });
    await dialog.getByLabel('Long URL').fill(destination);
    await dialog.getByRole('button', { name: /Redirect and fallback/ }).click();
    expect(await dialog.getByTestId('redirect-cached-warning').count()).toBe(0);
    await dialog.getByLabel('Redirect status').selectOption('308');
    expect(await dialog.getByTestId('redirect-cached-warning').textContent()).toBe(
      '301 and 308 are cached by browsers (Hookbay allows an hour, some keep them longer): later edits and click counts may not reach them.',
    );
    await dialog.getByLabel('Fallback URL').fill(fallback);
    await dialog.getByLabel('Starts').fill('2099-01-31T18:00');
    await snap(page, 'link-routing-modal-light');
    const setThemeAttribute = (theme: string) =>
      page.evaluate((value) => document.documentElement.setAttribute('data-bs-theme', value), theme);
    await setThemeAttribute('dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'link-routing-modal-phone-dark');
    await page.setViewportSize({ width: 1280, height: 860 });
    await setThemeAttribute('light');
    await dialog.getByRole('button', { name: 'Add URL' }).click();
    await expectToastStartingWith(page, 'URL added successfully!');
    await poll(() => urlRows(page).count()).toBe(1);

    const detail = page.getByTestId('url-detail');
    await poll(() => detail.textContent()).toContain('Redirect status308 Permanent Redirect');
    expect(await detail.textContent()).toContain(`Fallback URL${fallback}`);
    expect(await detail.textContent()).toContain('Not active yet');
    await snap(page, 'link-routing-detail-light');
    await setThemeAttribute('dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'link-routing-detail-phone-dark');
    await page.setViewportSize({ width: 1280, height: 860 });
    await setThemeAttribute('light');

    // Not active yet: the visitor lands on the fallback.
    const shortUrl = (await detail.locator('code').nth(1).textContent()) ?? '';
    expect(shortUrl).toMatch(/\/s\/[A-Za-z0-9_-]+$/);
    expect(await landingOf(shortUrl)).toBe(fallback);

    // Without the start, the link opens with its own 308.
    await detail.getByRole('button', { name: 'Edit' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit URL' });
    await editDialog.getByLabel('Starts').fill('');
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await poll(() => detail.textContent()).not.toContain('Not active yet');
    const answer = await fetch(shortUrl, { redirect: 'manual' });
    expect(answer.status).toBe(308);
    expect(answer.headers.get('location')).toBe(destination);
    expect(await landingOf(shortUrl)).toBe(destination);
  });
});
