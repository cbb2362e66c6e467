import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_CHROME_UA, hasChromium, startJourney, type Journey } from './harness.js';
import { expectToastStartingWith, poll, setTheme, snap } from './helpers.js';

const VISITS = 200;

const urlRows = (page: Page) => page.getByRole('list', { name: 'Your URLs' }).getByRole('listitem');

describe.runIf(hasChromium)('A/B split journey', () => {
  let journey: Journey;
  let shortUrl: string;
  let variantA: string;
  let variantB: string;
  const landed = new Map<string, number>();

  beforeAll(async () => {
    journey = await startJourney();
    variantA = `${journey.origin}/about?variant=a`;
    variantB = `${journey.origin}/privacy?variant=b`;
  });
  afterAll(() => journey.close());

  it('creates a link whose traffic is split 70/30 in the Add URL modal', async () => {
    const { page, origin } = journey;
    await page.goto(`${origin}/url-shortener`);
    await page.getByRole('button', { name: 'Add URL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add URL' });
    await dialog.getByLabel('Long URL').fill(`${origin}/terms`);
    await dialog.getByRole('button', { name: 'Split traffic' }).click();
    await dialog.getByRole('button', { name: 'Split this link’s traffic' }).click();
    const total = dialog.getByTestId('split-total');
    expect(await total.textContent()).toBe('Total: 100%');
    await dialog.getByLabel('Variant A: URL').fill(variantA);
    await dialog.getByLabel('Variant B: URL').fill(variantB);
    // A third variant, then removed: the sum must read 100% before the form can be sent.
    await dialog.getByRole('button', { name: 'Add variant' }).click();
    await dialog.getByLabel('Variant C: weight (%)').fill('10');
    expect(await total.textContent()).toBe('Total: 110%');
    expect(await dialog.getByText('The weights must add up to 100%.').isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Add URL' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Remove Variant C' }).click();
    await dialog.getByLabel('Variant A: weight (%)').fill('70');
    expect(await total.textContent()).toBe('Total: 120%');
    await dialog.getByLabel('Variant B: weight (%)').fill('30');
    expect(await total.textContent()).toBe('Total: 100%');
    await snap(page, 'link-splits-modal-light');
    const setThemeAttribute = (theme: string) =>
      page.evaluate((value) => document.documentElement.setAttribute('data-bs-theme', value), theme);
    await setThemeAttribute('dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'link-splits-modal-phone-dark');
    await page.setViewportSize({ width: 1280, height: 860 });
    await setThemeAttribute('light');
    await dialog.getByRole('button', { name: 'Add URL' }).click();
    await expectToastStartingWith(page, 'URL added successfully!');
    await poll(() => urlRows(page).count()).toBe(1);
    shortUrl = (await page.locator('.Toastify__toast code').first().textContent()) ?? '';
    expect(shortUrl).toMatch(new RegExp(`^${origin}/s/`));
    expect(await urlRows(page).first().locator('[data-marker="split"]').count()).toBe(1);
    const card = page.getByTestId('split-card');
    await poll(() => card.textContent()).toContain('Variant A70%');
    expect(await card.textContent()).toContain(variantB);
    await snap(page, 'link-splits-detail-light');
    await setTheme(page, 'dark');
    await snap(page, 'link-splits-detail-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'link-splits-detail-phone-dark');
    await page.setViewportSize({ width: 1280, height: 860 });
    await setTheme(page, 'light');
  });

  it(`sends ${VISITS} visits to the two variants`, async () => {
    for (let visit = 0; visit < VISITS; visit++) {
      const response = await fetch(shortUrl, {
        redirect: 'manual',
        headers: { 'user-agent': DESKTOP_CHROME_UA },
      });
      expect(response.status).toBe(302);
      const location = response.headers.get('location') ?? '';
      landed.set(location, (landed.get(location) ?? 0) + 1);
    }
    expect([...landed.keys()].sort()).toEqual([variantA, variantB].sort());
  });

  it('shows each variant’s clicks on the analytics page', async () => {
    const { page, origin } = journey;
    const id = shortUrl.split('/s/')[1] ?? '';
    await page.goto(`${origin}/url-shortener/analytics/${id}`);
    const rows = page.getByTestId('variant-clicks').getByRole('row');
    await poll(() => rows.count()).toBe(3);
    const share = (destination: string) => Math.round(((landed.get(destination) ?? 0) / VISITS) * 100);
    expect(await rows.allTextContents()).toEqual([
      'VariantWeightClicksShare',
      `Variant A${variantA}70%${landed.get(variantA)}${share(variantA)}%`,
      `Variant B${variantB}30%${landed.get(variantB)}${share(variantB)}%`,
    ]);
    await snap(page, 'link-splits-analytics-light');
    await setTheme(page, 'dark');
    await snap(page, 'link-splits-analytics-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'link-splits-analytics-phone-dark');
    await page.setViewportSize({ width: 1280, height: 860 });
    await setTheme(page, 'light');
    expect(journey.pageErrors).toEqual([]);
  });
});
