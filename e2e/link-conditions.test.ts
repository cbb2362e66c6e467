import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP_CHROME_UA,
  hasChromium,
  launchVisitors,
  startJourney,
  type Journey,
  type Visitors,
} from './harness.js';
import { expectToastStartingWith, poll, setTheme, snap } from './helpers.js';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const urlRows = (page: Page) => page.getByRole('list', { name: 'Your URLs' }).getByRole('listitem');

describe.runIf(hasChromium)('more targeting conditions and a rule’s split journey', () => {
  let journey: Journey;
  let visitors: Visitors;
  let shortUrl: string;

  beforeAll(async () => {
    journey = await startJourney();
    visitors = await launchVisitors();
  });
  afterAll(async () => {
    await visitors.close();
    await journey.close();
  });

  async function landingOf(userAgent: string, query = ''): Promise<string> {
    const visitor = await visitors.open(userAgent);
    await visitor.goto(`${shortUrl}${query}`);
    const landed = visitor.url();
    await visitor.context().close();
    return landed;
  }

  it('builds a rule of a query parameter and a browser, and a rule split between two pages', async () => {
    const { page, origin } = journey;
    await page.goto(`${origin}/url-shortener`);
    await page.getByRole('button', { name: 'Add URL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add URL' });
    await dialog.getByLabel('Long URL').fill(`${origin}/about?from=link`);
    await dialog.getByLabel('Pass the visit’s query string to the destination').uncheck();

    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await dialog.getByLabel('Destination (Rule 1)').fill(`${origin}/terms`);
    await dialog.getByLabel('Rule 1, Condition 1: type').selectOption('query');
    await dialog.getByLabel('Rule 1, Condition 1: value').fill('promo=spring');
    await dialog.getByRole('button', { name: 'Add condition' }).first().click();
    await dialog.getByLabel('Rule 1, Condition 2: type').selectOption('browser');
    expect(await dialog.getByLabel('Rule 1, Condition 2: value').inputValue()).toBe('chrome');

    await dialog.getByRole('button', { name: 'Add rule' }).click();
    // Each rule has its own button; rule 2's is the second.
    await dialog.getByRole('button', { name: 'Split this rule’s visitors' }).nth(1).click();
    await dialog.getByLabel('Rule 2, Variant A: URL').fill(`${origin}/privacy`);
    await dialog.getByLabel('Rule 2, Variant B: URL').fill(`${origin}/privacy?b=1`);
    await dialog.getByLabel('Rule 2, Variant A: weight (%)').fill('60');
    await expect(dialog.getByRole('button', { name: 'Add URL' }).isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Rule 2, Variant B: weight (%)').fill('40');
    await expect(dialog.getByRole('button', { name: 'Add URL' }).isDisabled()).resolves.toBe(false);
    // Rule 2 takes iPhones (the condition a new rule starts with).
    expect(await dialog.getByLabel('Rule 2, Condition 1: value').inputValue()).toBe('ios');

    await snap(page, 'link-conditions-modal-light');
    const setThemeAttribute = (theme: string) =>
      page.evaluate((value) => document.documentElement.setAttribute('data-bs-theme', value), theme);
    await setThemeAttribute('dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'link-conditions-modal-phone-dark');
    await page.setViewportSize({ width: 1280, height: 860 });
    await setThemeAttribute('light');

    await dialog.getByRole('button', { name: 'Add URL' }).click();
    await expectToastStartingWith(page, 'URL added successfully!');
    await poll(() => urlRows(page).count()).toBe(1);
    shortUrl = (await page.locator('.Toastify__toast code').first().textContent()) ?? '';
    expect(shortUrl).toContain('/s/');

    const card = page.getByTestId('targeting-card');
    await poll(() => card.textContent()).toContain('Query parameter promo is “spring” and Browser is Chrome');
    await poll(() => card.textContent()).toContain('Split between');
  });

  it('sends visitors by the conditions and splits the rule’s visitors', async () => {
    const { origin } = journey;
    expect(await landingOf(DESKTOP_CHROME_UA, '?promo=spring')).toBe(`${origin}/terms`);
    expect(await landingOf(DESKTOP_CHROME_UA, '?promo=autumn')).toBe(`${origin}/about?from=link`);
    const phone = await landingOf(IPHONE_UA);
    expect([`${origin}/privacy`, `${origin}/privacy?b=1`]).toContain(phone);
  });

  it('shows the rule’s variants in the analytics, in both themes and on a phone', async () => {
    const { page, origin } = journey;
    const id = shortUrl.slice(shortUrl.lastIndexOf('/') + 1);
    await page.goto(`${origin}/url-shortener/analytics/${id}`);
    const variants = page.getByTestId('variant-clicks');
    await poll(() => variants.textContent()).toContain('Rule 2, Variant A');
    await snap(page, 'link-conditions-analytics-light');
    await setTheme(page, 'dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'link-conditions-analytics-phone-dark');
    await page.setViewportSize({ width: 1280, height: 860 });
    await setTheme(page, 'light');
  });
});
