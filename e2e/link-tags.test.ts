import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { expectText, expectToastStartingWith, poll, setTheme, snap } from './helpers.js';

const urlRows = (page: Page) =>
  page
    .getByRole('list', { name: 'Your URLs' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('button', { name: /^\/s\// }),
    });
const NOTE = 'For the spring mail-out.\nAsk Dana before changing it.';

describe.runIf(hasChromium)('link tags, notes and UTM journey', () => {
  let journey: Journey;
  let destination: string;
  let tagged: string;

  beforeAll(async () => {
    journey = await startJourney();
    // A page of this same server, so that following the link needs no network.
    destination = `${journey.origin}/about`;
  });
  afterAll(() => journey.close());

  it('creates a link with tags, a note and UTM fields in the Add URL modal', async () => {
    const { page, origin } = journey;
    await page.goto(`${origin}/url-shortener`);
    await expectText(page, 'No URLs yet', 1);
    // A link without tags first, so that the filter has something to leave out.
    await page.getByRole('textbox', { name: 'Long URL to shorten' }).fill(`${destination}?plain=1`);
    await page.getByRole('button', { name: 'Shorten' }).click();
    await poll(() => urlRows(page).count()).toBe(1);

    await page.getByRole('button', { name: 'Add URL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add URL' });
    await dialog.getByLabel('Long URL').fill(destination);
    await dialog.getByRole('button', { name: /Campaign \(UTM\) parameters/ }).click();
    await dialog.getByLabel('Source (utm_source)').fill('newsletter');
    await dialog.getByLabel('Medium (utm_medium)').fill('email');
    await dialog.getByLabel('Campaign (utm_campaign)').fill('spring launch');
    tagged = `${destination}?utm_source=newsletter&utm_medium=email&utm_campaign=spring%20launch`;
    expect(await dialog.getByLabel('Long URL').inputValue()).toBe(tagged);
    await dialog.getByLabel('Tags').fill('Launch, newsletter');
    await dialog.getByLabel('Note').fill(NOTE);
    expect(
      await dialog.getByRole('list', { name: 'Tags of this link' }).getByRole('listitem').allTextContents(),
    ).toEqual(['launch', 'newsletter']);
    await snap(page, 'link-tags-modal-light');
    await dialog.getByRole('button', { name: 'Add URL' }).click();
    await expectToastStartingWith(page, 'URL added successfully!');
    await poll(() => urlRows(page).count()).toBe(2);
  });

  it('shows the tags in the list and the note and the real destination in the detail panel', async () => {
    const { page } = journey;
    const row = urlRows(page).first();
    expect(await row.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toEqual([
      'launch',
      'newsletter',
    ]);
    expect(await urlRows(page).nth(1).getByRole('list', { name: 'Tags' }).count()).toBe(0);
    const detail = page.getByTestId('url-detail');
    expect(await detail.getByTestId('link-note').innerText()).toBe(NOTE);
    expect(await detail.getByRole('link', { name: 'Open Original URL' }).getAttribute('href')).toBe(tagged);
    await snap(page, 'link-tags-list-light');
    await setTheme(page, 'dark');
    await snap(page, 'link-tags-list-dark');
    await setTheme(page, 'light');
  });

  it('filters the list by a tag and shows the tag’s totals, which follow a visit', async () => {
    const { page, context } = journey;
    const filter = page.getByRole('group', { name: 'Filter by tag' });
    await filter.getByRole('button', { name: 'launch (1)' }).click();
    await poll(() => urlRows(page).count()).toBe(1);
    const summary = page.getByTestId('tag-summary');
    await poll(() => summary.getByRole('heading').first().textContent()).toBe('Tag “launch”');
    const figure = (label: string) =>
      summary.locator('dd').nth(['Links', 'Total clicks', 'Unique visitors'].indexOf(label));
    await poll(() => figure('Links').textContent()).toBe('1');
    await poll(() => figure('Total clicks').textContent()).toBe('0');

    // The short link leads to the destination with its utm_ parameters.
    const shortUrl = await page.getByTestId('url-detail').locator('code').nth(1).textContent();
    const visitor = await context.newPage();
    await visitor.goto(shortUrl ?? '');
    await visitor.waitForURL(tagged);
    expect(new URL(visitor.url()).searchParams.get('utm_campaign')).toBe('spring launch');
    await visitor.close();

    await poll(() => figure('Total clicks').textContent()).toBe('1');
    await poll(() => figure('Unique visitors').textContent()).toBe('1');
    await snap(page, 'link-tags-filter-light');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'link-tags-filter-phone');
    await page.setViewportSize({ width: 1280, height: 860 });

    await filter.getByRole('button', { name: 'All' }).click();
    await poll(() => urlRows(page).count()).toBe(2);
    expect(await summary.count()).toBe(0);
    expect(journey.pageErrors).toEqual([]);
  });
});
