import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import {
  clipboardText,
  expectText,
  expectToast,
  installNotificationSpy,
  notificationTitles,
  realtimeJoined,
  sessionIdOf,
  setTheme,
  poll,
  snap,
} from './helpers.js';

const ORDER = { order: { id: 42, items: ['book', 'pen'], paid: true } };

/** The rows of the request list, newest first. */
const rows = (page: Page) => page.getByRole('list', { name: 'Requests' }).getByRole('listitem');
/** Method badges of the listed requests, newest first. */
const methods = (page: Page) => rows(page).locator('.badge').allTextContents();
const requestCount = (page: Page) => page.getByTestId('request-count').textContent();
const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** The value cell of the row whose heading is `name` in a detail section's table. */
async function tableValue(page: Page, title: string, name: string): Promise<string | null> {
  const row = section(page, title)
    .locator('tr')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  if ((await row.count()) !== 1) return null;
  return row.locator('td').textContent();
}

describe.runIf(hasChromium)('Webhook Inspector journey', () => {
  let journey: Journey;
  let sessionId: string;
  let webhookUrl: string;

  beforeAll(async () => {
    journey = await startJourney();
    await installNotificationSpy(journey.context);
  });
  afterAll(async () => {
    await journey.close();
  });

  it('opens with a personal URL and the waiting state', async () => {
    const { page, origin } = journey;
    const joined = realtimeJoined(page);
    await page.goto(`${origin}/webhook`);
    sessionId = await sessionIdOf(page);
    webhookUrl = `${origin}/webhook/${sessionId}`;
    expect(await page.getByLabel('Your webhook URL').inputValue()).toBe(webhookUrl);
    await expectText(page, 'Webhook Inspector is waiting', 1);
    await expectText(page, 'Send a request to your unique URL to get started', 1);
    expect(await requestCount(page)).toBe('0');
    // From here on requests must arrive live, not through the catch-up after connecting.
    await joined;
  });

  it('a POST from an outside sender appears live, selected, with body, query, headers and info', async () => {
    const { page } = journey;
    const response = await fetch(`${webhookUrl}/orders?x=1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Order-Source': 'e2e-journey' },
      body: JSON.stringify(ORDER),
    });
    expect(response.ok).toBe(true);

    await poll(() => rows(page).count()).toBe(1);
    const row = rows(page).first();
    expect(await row.locator('.badge').textContent()).toBe('POST');
    expect(await row.locator('.badge').getAttribute('class')).toContain('bg-primary');
    expect(await row.getByText('/orders?x=1', { exact: true }).count()).toBe(1);
    expect(await requestCount(page)).toBe('1');
    // The empty state is gone and the request is selected on its own.
    expect(await page.getByText('Webhook Inspector is waiting').count()).toBe(0);
    expect(await row.locator('button[aria-current="true"]').count()).toBe(1);

    await poll(() => section(page, 'Request Body').count()).toBe(1);
    expect(await section(page, 'Request Body').locator('pre').first().textContent()).toBe(
      JSON.stringify(ORDER, null, 2),
    );
    expect(await tableValue(page, 'Query Parameters', 'x')).toBe('1');
    // Header names as the sender wrote them, not lower-cased.
    expect(await tableValue(page, 'Headers', 'X-Order-Source')).toBe('e2e-journey');
    expect(await tableValue(page, 'Headers', 'x-order-source')).toBeNull();
    expect(await tableValue(page, 'Request Info', 'IP Address')).toBe('127.0.0.1');
    expect(await tableValue(page, 'Request Info', 'Method')).toBe('POST');
  });

  it('asks for a browser notification on a live request', async () => {
    await poll(() => notificationTitles(journey.page)).toContain('New Webhook Request');
  });

  it('a GET without a body appears green, and shows no Request Body section', async () => {
    const { page } = journey;
    const response = await fetch(`${webhookUrl}/ping`);
    expect(response.ok).toBe(true);

    await poll(() => rows(page).count()).toBe(2);
    const row = rows(page).first();
    expect(await row.locator('.badge').textContent()).toBe('GET');
    expect(await row.locator('.badge').getAttribute('class')).toContain('bg-success');
    expect(await requestCount(page)).toBe('2');
    // The POST stays selected: a live request never takes the selection away.
    expect(await rows(page).nth(1).locator('button[aria-current="true"]').count()).toBe(1);

    await row.getByRole('button', { name: '/ping' }).click();
    await poll(() => row.locator('button[aria-current="true"]').count()).toBe(1);
    await poll(() => tableValue(page, 'Request Info', 'Method')).toBe('GET');
    expect(await section(page, 'Request Body').count()).toBe(0);
    expect(await section(page, 'Query Parameters').count()).toBe(0);
    expect(await section(page, 'Headers').count()).toBe(1);
  });

  it('a cross-origin fetch from a browser page arrives too (CORS)', async () => {
    const { page, origin } = journey;
    // Same server under another name: another origin for the browser, so the PUT needs CORS.
    const otherOrigin = origin.replace('127.0.0.1', 'localhost');
    // Sent from a document without Hookbay's page policy (its connect-src allows only Hookbay's own
    // origin), as from another site's page.
    const sender = await journey.context.newPage();
    await sender.goto(`${origin}/healthz`);
    const result = await sender.evaluate(async (url) => {
      const response = await fetch(url, {
        method: 'PUT',
        headers: { 'Content-Type': 'text/plain', 'X-From-Browser': 'yes' },
        body: 'hello from the browser',
      });
      return { status: response.status, allowOrigin: response.headers.get('access-control-allow-origin') };
    }, `${otherOrigin}/webhook/${sessionId}/browser`);
    await sender.close();
    expect(result.status).toBe(200);
    expect(result.allowOrigin).toBe(origin);

    // The browser's preflight is a request to the URL as well, and may be listed as OPTIONS.
    await poll(() => methods(page)).toContain('PUT');
    expect((await methods(page)).filter((method) => method !== 'OPTIONS')).toEqual(['PUT', 'GET', 'POST']);
    const row = rows(page).filter({ has: page.locator('.badge', { hasText: 'PUT' }) });
    expect(await row.locator('.badge').getAttribute('class')).toContain('bg-warning');
    expect(await row.getByText('/browser', { exact: true }).count()).toBe(1);
    expect(await requestCount(page)).toBe(String(await rows(page).count()));
  });

  it('Copy and Share put the webhook URL and the share link on the clipboard', async () => {
    const { page, origin } = journey;
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expectToast(page, 'Webhook URL copied to clipboard');
    expect(await clipboardText(page)).toBe(webhookUrl);

    // Share opens its drawer: read-only links first, the full-access link below them.
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Share this inspector' });
    await drawer.getByRole('button', { name: 'Copy full-access link' }).click();
    await expectToast(page, 'Share URL copied to clipboard');
    expect(await clipboardText(page)).toBe(`${origin}/webhook?sessionId=${sessionId}`);
    await page.keyboard.press('Escape');
    await poll(() => drawer.count()).toBe(0);
  });

  it('deleting a request removes it and lowers the count', async () => {
    const { page } = journey;
    const before = await rows(page).count();
    const putRow = rows(page).filter({ has: page.locator('.badge', { hasText: 'PUT' }) });
    await putRow.getByRole('button', { name: 'Delete request' }).click();
    await poll(() => rows(page).count()).toBe(before - 1);
    expect(await requestCount(page)).toBe(String(before - 1));
    expect(await methods(page)).not.toContain('PUT');
    // The preflight, if it was listed, goes the same way.
    const preflight = rows(page).filter({ has: page.locator('.badge', { hasText: 'OPTIONS' }) });
    if ((await preflight.count()) === 1) {
      await preflight.getByRole('button', { name: 'Delete request' }).click();
      await poll(() => rows(page).count()).toBe(before - 2);
    }
    expect(await requestCount(page)).toBe('2');
    expect(await rows(page).allTextContents()).toEqual([
      expect.stringContaining('/ping'),
      expect.stringContaining('/orders?x=1'),
    ]);
    // The server forgot it too: a reload lists the two that are left.
    await page.reload();
    await poll(() => requestCount(page)).toBe('2');
  });

  it('the Share link opened in another tab shows the same requests', async () => {
    const { context, origin } = journey;
    const shared = await context.newPage();
    shared.on('pageerror', (error) => journey.pageErrors.push(error));
    const joined = realtimeJoined(shared);
    await shared.goto(`${origin}/webhook?sessionId=${sessionId}`);
    await poll(() => requestCount(shared)).toBe('2');
    expect(await rows(shared).allTextContents()).toEqual([
      expect.stringContaining('/ping'),
      expect.stringContaining('/orders?x=1'),
    ]);
    // Someone else's URL, said so, without the owner's controls.
    expect(await shared.getByLabel('Shared webhook URL').inputValue()).toBe(webhookUrl);
    expect(await shared.getByLabel('Your webhook URL').count()).toBe(0);
    expect(await shared.getByRole('button', { name: 'Clear all' }).count()).toBe(0);
    expect(await shared.getByRole('button', { name: /^Access/ }).count()).toBe(0);
    await expectText(
      shared,
      'You are viewing a shared session: requests sent to this URL show up here for everyone with the link.',
      1,
    );
    // A request sent now reaches both tabs live.
    await joined;
    await fetch(`${webhookUrl}/both`, { method: 'DELETE' });
    await poll(() => requestCount(shared)).toBe('3');
    await poll(() => requestCount(journey.page)).toBe('3');
    expect(await rows(shared).first().locator('.badge').getAttribute('class')).toContain('bg-danger');
    await shared.close();
  });

  it('looks right in both themes, without page errors', async () => {
    const { page } = journey;
    // The POST shows every section of the details.
    await rows(page).filter({ hasText: '/orders?x=1' }).getByRole('button', { name: '/orders' }).click();
    await poll(() => section(page, 'Request Body').count()).toBe(1);
    await snap(page, 'webhook-light');
    await setTheme(page, 'dark');
    await snap(page, 'webhook-dark');
    await setTheme(page, 'light');
    expect(journey.pageErrors).toEqual([]);
  });
});
