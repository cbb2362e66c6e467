/**
 * An analytics link: the owner makes one from the link's detail panel, a stranger in a fresh
 * browser opens it and sees the counts without any IP address or visitor hash, and once revoked
 * the page says so.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchVisitors, startJourney, type Journey, type Visitors } from './harness.js';
import { expectToast, expectToastStartingWith, poll, setTheme, snap } from './helpers.js';

const DESTINATION = 'https://example.com/shared-numbers';
const VISITOR_IPS = ['81.2.69.142', '203.0.113.77'];

describe.runIf(hasChromium)('analytics link journey', () => {
  let journey: Journey;
  let visitors: Visitors;
  let shareUrl = '';
  let linkId = '';

  beforeAll(async () => {
    journey = await startJourney();
    visitors = await launchVisitors();
  });
  afterAll(async () => {
    await visitors.close();
    await journey.close();
  });

  const card = (page: Page) => page.getByTestId('link-shares');

  it('the owner creates an analytics link from the detail panel', async () => {
    const { page, origin, app } = journey;
    await page.goto(`${origin}/url-shortener`);
    await page.getByRole('button', { name: 'Add URL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add URL' });
    await dialog.getByLabel('Long URL').fill(DESTINATION);
    await dialog.getByLabel('Tags').fill('Launch');
    await dialog.getByRole('button', { name: 'Add URL' }).click();
    await expectToastStartingWith(page, 'URL added successfully!');
    const { id } = await app.database.db.selectFrom('short_links').select('id').executeTakeFirstOrThrow();
    linkId = id;
    // Visitors with addresses of their own, so the page can be searched for them.
    for (const remoteAddress of VISITOR_IPS)
      await app.inject({
        method: 'GET',
        url: `/s/${id}`,
        remoteAddress,
        headers: { 'user-agent': 'Mozilla/5.0 Chrome/126' },
      });

    await card(page).getByLabel('Expires after').selectOption({ label: '30 days' });
    await card(page).getByRole('button', { name: 'Create analytics link' }).click();
    const field = card(page).getByRole('textbox', { name: 'Analytics link', exact: true });
    await poll(() => field.inputValue()).toMatch(/\/shared\/links\/hbl_/);
    shareUrl = await field.inputValue();
    expect(shareUrl.startsWith(`${origin}/shared/links/`)).toBe(true);
    await poll(() => card(page).getByRole('listitem').count()).toBe(1);
    expect(await card(page).getByRole('listitem').textContent()).toContain('Working');
    await snap(page, 'link-share-card-light');
    await setTheme(page, 'dark');
    await snap(page, 'link-share-card-dark');
    await setTheme(page, 'light');
    // The add dialog, two themes and the share under the load of other journeys take a while.
  }, 120_000);

  it('a stranger sees the numbers, and no IP address or visitor hash, in light, dark and on a phone', async () => {
    const stranger = await visitors.open();
    await stranger.goto(shareUrl);
    await poll(() => stranger.getByRole('heading', { level: 1 }).textContent()).toContain(`/s/${linkId}`);
    await poll(() => stranger.getByTestId('total-Total clicks').textContent()).toBe('2');
    expect(await stranger.getByText(`Destination: ${DESTINATION}`).count()).toBe(1);
    const html = await stranger.content();
    const hashes = await journey.app.database.db
      .selectFrom('short_link_clicks')
      .select('visitor_hash')
      .execute();
    expect(hashes.filter((row) => row.visitor_hash)).toHaveLength(2);
    for (const secret of [...VISITOR_IPS, ...hashes.map((row) => row.visitor_hash ?? 'none')])
      expect(html).not.toContain(secret);
    // Nothing to change on the page: no edit, delete or revoke.
    expect(await stranger.getByRole('button', { name: /Edit|Delete|Revoke/ }).count()).toBe(0);
    await snap(stranger, 'link-share-page-light');
    await stranger.emulateMedia({ colorScheme: 'dark' });
    await snap(stranger, 'link-share-page-dark');
    await stranger.setViewportSize({ width: 390, height: 844 });
    const overflow = await stranger.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(stranger, 'link-share-page-phone');
    await stranger.context().close();
  });

  it('once revoked, the page says so', async () => {
    const { page } = journey;
    await card(page)
      .getByRole('button', { name: /^Revoke the analytics link/ })
      .click();
    await expectToast(page, 'Analytics link revoked');
    await poll(() => card(page).getByRole('listitem').textContent()).toContain('Revoked');
    const stranger = await visitors.open();
    const answer = await stranger.goto(shareUrl);
    expect(answer?.status()).toBe(410);
    await poll(() => stranger.getByRole('alert').textContent()).toContain('This analytics link was revoked');
    await stranger.context().close();
    expect(journey.pageErrors).toEqual([]);
  });
});
