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

describe.runIf(hasChromium)('link targeting journey', () => {
  let journey: Journey;
  let visitors: Visitors;
  let shortUrl: string;
  let defaultDestination: string;
  let phoneDestination: string;

  beforeAll(async () => {
    journey = await startJourney();
    // Pages of this same server, so that the visitors' browsers need no network.
    defaultDestination = `${journey.origin}/about?from=link`;
    phoneDestination = `${journey.origin}/privacy`;
    visitors = await launchVisitors();
  });
  afterAll(async () => {
    await visitors.close();
    await journey.close();
  });

  /** Opens the short link in a fresh browser with this user agent; resolves to where it landed. */
  async function landingOf(userAgent: string, query: string): Promise<string> {
    const visitor = await visitors.open(userAgent);
    await visitor.goto(`${shortUrl}${query}`);
    const landed = visitor.url();
    await visitor.context().close();
    return landed;
  }

  it('creates a link with a rule for iPhones in the Add URL modal', async () => {
    const { page, origin } = journey;
    await page.goto(`${origin}/url-shortener`);
    await page.getByRole('button', { name: 'Add URL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add URL' });
    await dialog.getByLabel('Long URL').fill(defaultDestination);
    expect(await dialog.getByLabel('Pass the visit’s query string to the destination').isChecked()).toBe(
      true,
    );
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await dialog.getByLabel('Destination (Rule 1)').fill(phoneDestination);
    const device = dialog.getByLabel('Rule 1, Condition 1: value');
    expect(await device.inputValue()).toBe('ios');
    // A second rule, moved above the first and removed again: the iPhone rule stays rule 1.
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await dialog.getByLabel('Rule 2, Condition 1: type').selectOption('language');
    await dialog.getByLabel('Rule 2, Condition 1: value').fill('de');
    await dialog.getByRole('button', { name: 'Move rule 2 up' }).click();
    expect(await dialog.getByLabel('Rule 1, Condition 1: value').inputValue()).toBe('de');
    await dialog.getByRole('button', { name: 'Remove rule 1' }).click();
    expect(await dialog.getByTestId('rule-editor').count()).toBe(1);
    expect(await dialog.getByLabel('Destination (Rule 1)').inputValue()).toBe(phoneDestination);
    await snap(page, 'link-targeting-modal-light');
    // The theme switch sits behind the open modal; the attribute it sets is set directly here.
    const setThemeAttribute = (theme: string) =>
      page.evaluate((value) => document.documentElement.setAttribute('data-bs-theme', value), theme);
    await setThemeAttribute('dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'link-targeting-modal-phone-dark');
    await page.setViewportSize({ width: 1280, height: 860 });
    await setThemeAttribute('light');
    await dialog.getByRole('button', { name: 'Add URL' }).click();
    await expectToastStartingWith(page, 'URL added successfully!');
    await poll(() => urlRows(page).count()).toBe(1);
    shortUrl = (await page.locator('.Toastify__toast code').first().textContent()) ?? '';
    expect(shortUrl).toMatch(new RegExp(`^${origin}/s/`));
  });

  it('sends an iPhone to the rule’s destination and a desktop to the link’s own, with the query', async () => {
    expect(await landingOf(IPHONE_UA, '?utm_source=e2e')).toBe(`${phoneDestination}?utm_source=e2e`);
    expect(await landingOf(DESKTOP_CHROME_UA, '?utm_source=e2e')).toBe(
      `${journey.origin}/about?from=link&utm_source=e2e`,
    );
  });

  it('shows the rule in the detail panel and its clicks on the analytics page', async () => {
    const { page, origin } = journey;
    const card = page.getByTestId('targeting-card');
    await poll(() => card.textContent()).toContain('Device is iPhone or iPad (iOS)');
    expect(await card.textContent()).toContain(phoneDestination);
    expect(await card.textContent()).toContain('Passed on');
    await snap(page, 'link-targeting-detail-light');
    await setTheme(page, 'dark');
    await snap(page, 'link-targeting-detail-dark');
    await setTheme(page, 'light');

    const id = shortUrl.split('/s/')[1] ?? '';
    await page.goto(`${origin}/url-shortener/analytics/${id}`);
    const rows = page.getByTestId('rule-clicks').getByRole('row');
    await poll(() => rows.count()).toBe(3);
    const texts = await rows.allTextContents();
    expect(texts.slice(1).sort()).toEqual(
      ['Original URL (no rule matched)1', 'Rule 1: Device is iPhone or iPad (iOS)1'].sort(),
    );
    await snap(page, 'link-targeting-analytics-light');
    expect(journey.pageErrors).toEqual([]);
  });
});
