/**
 * The Webhook Inspector's screen with a busy session (280 requests of every kind) at a laptop's
 * 1280x800 and a phone's 390x844, in both themes: how many requests the list shows, drawers that
 * open over the list, the details on a phone, and what the list and the details say.
 */
import { createHmac } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, type Journey } from './harness.js';
import {
  openInspector,
  poll,
  requestCount,
  requestList,
  rowsInView,
  setTheme,
  snap,
  startLaptopJourney,
} from './helpers.js';

const PHONE = { width: 390, height: 844 };

const rows = (page: Page) => requestList(page).getByRole('listitem');
const details = (page: Page) => page.getByRole('article', { name: 'Request details' });

/** One request of each kind a webhook URL gets, the n-th of the session. */
function requestNumber(webhookUrl: string, n: number): [string, RequestInit] {
  const json = JSON.stringify({ n, type: 'payment_intent.succeeded', id: `evt_${n}` });
  switch (n % 7) {
    case 0:
      return [
        `${webhookUrl}/stripe`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Stripe-Signature': `t=1,v1=${'ab'.repeat(32)}` },
          body: json,
        },
      ];
    case 1: {
      const body = JSON.stringify({ action: 'opened', number: n });
      return [
        `${webhookUrl}/github`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-GitHub-Event': 'pull_request',
            'X-GitHub-Delivery': `delivery-${n}`,
            'X-Hub-Signature-256': `sha256=${createHmac('sha256', 'secret').update(body).digest('hex')}`,
          },
          body,
        },
      ];
    }
    case 2:
      return [`${webhookUrl}/health?n=${n}&check=deep`, { method: 'GET' }];
    case 3:
      return [`${webhookUrl}/ping`, { method: 'HEAD' }];
    case 4:
      return [
        `${webhookUrl}/gzipped`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
          body: gzipSync(json),
        },
      ];
    case 5:
      return [
        `${webhookUrl}/form`,
        {
          method: 'PUT',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: `n=${n}&name=Ada+Lovelace`,
        },
      ];
    default:
      return [`${webhookUrl}/a/very/long/path/that/does/not/fit/in/the/list/row/${n}`, { method: 'DELETE' }];
  }
}

async function sendRequests(webhookUrl: string, count: number, from = 0): Promise<void> {
  for (let n = from; n < from + count; n++) {
    const [url, init] = requestNumber(webhookUrl, n);
    const response = await fetch(url, init);
    await response.arrayBuffer();
  }
}

async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** True when the element shows its whole text (nothing cut by an ellipsis). */
function isWhole(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.scrollWidth <= element.clientWidth);
}

describe.runIf(hasChromium)('The inspector screen with 280 requests', () => {
  let journey: Journey;
  let webhookUrl: string;

  beforeAll(async () => {
    journey = await startLaptopJourney();
  });
  afterAll(async () => {
    await journey.close();
  });

  it(
    'at 1280x800 the list shows at least 10 whole rows, and the badge counts all 280',
    { timeout: 180_000 },
    async () => {
      const { page, origin } = journey;
      webhookUrl = await openInspector(page, origin);
      await sendRequests(webhookUrl, 280);
      await poll(() => requestCount(page)).toBe('280');
      await poll(() => rowsInView(page)).toBeGreaterThanOrEqual(10);
      // Provider badges keep their whole name.
      const stripe = rows(page).getByTestId('provider-badge').filter({ hasText: 'Stripe' }).first();
      expect(await stripe.textContent()).toBe('Stripe');
      expect(await isWhole(stripe)).toBe(true);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await snap(page, 'inspector-1280-light');
      await setTheme(page, 'dark');
      await snap(page, 'inspector-1280-dark');
      await setTheme(page, 'light');
    },
  );

  it('the Response, Forward and Access drawers open over the list without moving it', async () => {
    const { page } = journey;
    const before = await requestList(page).boundingBox();
    for (const [button, title] of [
      [/^Response/, 'Response'],
      [/^Forward/, 'Forward to your machine'],
      [/^Access/, 'Access'],
    ] as const) {
      await page.getByRole('button', { name: button }).click();
      const drawer = page.getByRole('dialog', { name: title });
      await poll(() => drawer.isVisible()).toBe(true);
      expect(await requestList(page).boundingBox()).toEqual(before);
      if (title === 'Forward to your machine') {
        // The commands wrap: every part of them, --to included, is in sight.
        const commands = drawer.locator('code');
        for (let index = 0; index < (await commands.count()); index++) {
          expect(await isWhole(commands.nth(index))).toBe(true);
          expect(await commands.nth(index).textContent()).toContain('--to http://localhost:3000/webhooks');
        }
        await snap(page, 'inspector-forward-drawer');
      }
      await page.keyboard.press('Escape');
      await poll(() => drawer.count()).toBe(0);
    }
    expect(await rowsInView(page)).toBeGreaterThanOrEqual(10);
  });

  it('Verify signature opens by itself only for a signed request', async () => {
    const { page } = journey;
    const verify = page.getByRole('region', { name: 'Verify signature' });
    await rows(page).filter({ hasText: '/health' }).first().getByRole('button').first().click();
    await poll(() => verify.getByRole('button', { name: 'Show' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(await verify.getByLabel('Signing secret').count()).toBe(0);
    await rows(page).filter({ hasText: '/ping' }).first().getByRole('button').first().click();
    await poll(() => verify.getByRole('button', { name: 'Show' }).count()).toBe(1);
    await rows(page).filter({ hasText: '/github' }).first().getByRole('button').first().click();
    await poll(() => verify.getByLabel('Signing secret').count()).toBe(1);
  });

  it('a gzip body opens on its decoded text, and sizes are in KiB', async () => {
    const { page } = journey;
    await rows(page).filter({ hasText: '/gzipped' }).first().getByRole('button').first().click();
    const body = page.getByRole('region', { name: 'Request Body', exact: true });
    await poll(() => body.getByRole('tab', { name: 'Decoded (gzip)' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await poll(() => body.locator('.tab-pane.active').textContent()).toContain('payment_intent.succeeded');
    expect(await page.locator('main').textContent()).not.toMatch(/\d KB\b/);
    // The id is in sight, to hand to the API or `hookbay replay`.
    expect(await details(page).getByTestId('event-id').textContent()).toMatch(/^#\d+$/);
  });

  it('requests arriving while the list is scrolled are counted on a button that goes back up', async () => {
    const { page } = journey;
    const scroller = requestList(page).locator('xpath=..');
    await scroller.evaluate((element) => element.scrollTo({ top: 2000 }));
    await poll(() => scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(1000);
    await sendRequests(webhookUrl, 2, 280);
    const pill = page.getByRole('button', { name: '↑ 2 new requests' });
    await poll(() => pill.count()).toBe(1);
    await poll(() => requestCount(page)).toBe('282');
    await pill.click();
    await poll(() => scroller.evaluate((element) => element.scrollTop)).toBe(0);
    await poll(() => pill.count()).toBe(0);
  });

  it('on a 390x844 phone a tapped request shows its details, Back the list, with no sideways scroll', async () => {
    const { page } = journey;
    await page.setViewportSize(PHONE);
    // As a phone opens it: the list first.
    await page.reload();
    await poll(() => requestCount(page)).toBe('282');
    await poll(() => requestList(page).isVisible()).toBe(true);
    expect(await details(page).isVisible()).toBe(false);
    expect(await hasHorizontalScroll(page)).toBe(false);
    // The URL is in sight with its Copy button, ending in an ellipsis when it does not fit.
    const url = page.getByLabel('Your webhook URL');
    const urlBox = await url.boundingBox();
    const copyBox = await page.getByRole('button', { name: 'Copy', exact: true }).boundingBox();
    expect(urlBox && urlBox.x >= 0 && urlBox.x + urlBox.width <= PHONE.width).toBe(true);
    expect(copyBox && copyBox.x + copyBox.width <= PHONE.width).toBe(true);
    expect(await url.evaluate((input) => getComputedStyle(input).textOverflow)).toBe('ellipsis');
    await snap(page, 'inspector-390-list-light');

    // Further down the list, so that Back has a place to come back to.
    const scroller = requestList(page).locator('xpath=..');
    await scroller.evaluate((element) => element.scrollTo({ top: 1500 }));
    await poll(() => scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(1000);
    const tapped = rows(page).filter({ hasText: '/github' }).nth(1);
    const tappedPath = await tapped.locator('span.request-path').textContent();
    await tapped.getByRole('button').first().click();
    await poll(() => details(page).isVisible()).toBe(true);
    expect(await requestList(page).isVisible()).toBe(false);
    expect(await details(page).locator('code').first().textContent()).toBe(tappedPath);
    const top = await details(page).boundingBox();
    expect(top && top.y < PHONE.height).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await snap(page, 'inspector-390-detail-light');

    await page.getByRole('button', { name: 'Back to the list' }).click();
    await poll(() => requestList(page).isVisible()).toBe(true);
    expect(await details(page).isVisible()).toBe(false);
    // Back where the list was, the tapped request in sight and marked.
    await poll(() => scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(1000);
    expect(
      await requestList(page).locator('button[aria-current="true"] span.request-path').textContent(),
    ).toBe(tappedPath);

    // The theme switch sits in the collapsed menu on a phone: the stored choice does the same.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await poll(() => page.locator('html').getAttribute('data-bs-theme')).toBe('dark');
    await poll(() => requestList(page).isVisible()).toBe(true);
    await snap(page, 'inspector-390-list-dark');
    await rows(page).filter({ hasText: '/stripe' }).first().getByRole('button').first().click();
    await poll(() => details(page).isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await snap(page, 'inspector-390-detail-dark');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await poll(() => requestList(page).isVisible()).toBe(true);

    await page.getByRole('button', { name: /^Response/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Response' });
    // Once it has slid in, the drawer fits the phone's width.
    await poll(async () => {
      const box = await drawer.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width;
    }).toBe(true);
    await page.keyboard.press('Escape');
    expect(journey.pageErrors).toEqual([]);
  });
});
