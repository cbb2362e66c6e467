import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEvent } from '../shared/webhooks.js';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { expectText, expectToast, openInspector, poll, sessionIdOf, setTheme, snap } from './helpers.js';

const urlRows = (page: Page) => page.getByRole('list', { name: 'Your URLs' }).getByRole('listitem');
const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Click webhooks' });
const inspectorRows = (page: Page) => page.getByRole('list', { name: 'Requests' }).getByRole('listitem');

/** The session's captured requests, newest first, as the API gives them. */
async function capturedEvents(origin: string, sessionId: string): Promise<WebhookEvent[]> {
  const response = await fetch(`${origin}/api/events`, { headers: { 'x-session-id': sessionId } });
  const answer = (await response.json()) as WebhookEvent[] | { events: WebhookEvent[] };
  return Array.isArray(answer) ? answer : answer.events;
}

describe.runIf(hasChromium)('click webhooks journey', () => {
  let journey: Journey;
  let webhookUrl: string;
  let sessionId: string;
  let linkId: string;
  let secret: string;

  beforeAll(async () => {
    // The endpoint is this same server on 127.0.0.1, which only a private-allowing setup may reach.
    journey = await startJourney({ replayAllowPrivate: true });
  });
  afterAll(() => journey.close());

  it('adds the user’s own webhook URL as the endpoint of one short link', async () => {
    const { page, origin } = journey;
    webhookUrl = await openInspector(page, origin);
    sessionId = await sessionIdOf(page);
    await page.goto(`${origin}/url-shortener`);
    await page.getByRole('button', { name: 'Add URL' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add URL' });
    await addDialog.getByLabel('Long URL').fill(`${origin}/about`);
    await addDialog.getByRole('button', { name: 'Add URL' }).click();
    await poll(() => urlRows(page).count()).toBe(1);
    const links = (await (
      await fetch(`${origin}/api/urls`, { headers: { 'x-session-id': sessionId } })
    ).json()) as {
      id: string;
    }[];
    linkId = links[0]?.id ?? '';
    expect(linkId).not.toBe('');

    await page.getByRole('button', { name: 'Webhooks' }).click();
    const dialog = dialogOf(page);
    await expectText(page, 'No endpoints yet.', 1);
    await dialog.getByLabel('Endpoint URL').fill(`${webhookUrl}/clicks`);
    await dialog.getByLabel(`Only /s/${linkId}`).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expectToast(page, 'Endpoint added. Its signing secret is shown with it.');
    const item = dialog.getByTestId('link-webhook');
    await poll(() => item.count()).toBe(1);
    expect(await item.getByText('Active', { exact: true }).count()).toBe(1);
    expect(await item.getByText(`Link ${linkId}`, { exact: false }).count()).toBe(1);
    await item.getByRole('button', { name: 'Show secret' }).click();
    secret = (await item.locator('code', { hasText: /^whsec_[A-Za-z0-9+/=]+$/ }).textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await snap(page, 'link-webhooks-light');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await poll(() => dialog.count()).toBe(0);
    await setTheme(page, 'dark');
    await page.getByRole('button', { name: 'Webhooks' }).click();
    await poll(() => dialog.getByTestId('link-webhook').count()).toBe(1);
    await snap(page, 'link-webhooks-dark');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await poll(() => dialog.count()).toBe(0);
    await setTheme(page, 'light');
    // The link's detail panel lists the endpoint that covers it.
    const covering = page.getByTestId('url-detail').getByRole('region', { name: 'Webhooks' });
    await poll(() => covering.getByText(`${webhookUrl}/clicks`).count()).toBe(1);
  });

  it('a visit of the short link arrives in the inspector as a signed link.clicked request', async () => {
    const { context, page, origin } = journey;
    const visitor = await context.newPage();
    await visitor.goto(`${origin}/s/${linkId}`);
    expect(new URL(visitor.url()).pathname).toBe('/about');
    await visitor.close();

    await page.goto(`${origin}/webhook`);
    await poll(() => inspectorRows(page).count()).toBe(1);
    const row = inspectorRows(page).first();
    expect(await row.locator('.badge').first().textContent()).toBe('POST');
    expect(await row.getByTestId('provider-badge').textContent()).toBe('Standard Webhooks');
    expect(await row.getByTestId('event-type-badge').textContent()).toBe('link.clicked');
    expect(await row.getByText('/clicks', { exact: true }).count()).toBe(1);

    const [event] = await capturedEvents(origin, sessionId);
    if (!event) throw new Error('nothing captured');
    const header = (name: string) => event.rawHeaders.find(([key]) => key.toLowerCase() === name)?.[1] ?? '';
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const signed = `${header('webhook-id')}.${header('webhook-timestamp')}.${event.body}`;
    expect(header('webhook-signature')).toBe(
      `v1,${createHmac('sha256', key).update(signed).digest('base64')}`,
    );
    expect(JSON.parse(event.body)).toMatchObject({
      type: 'link.clicked',
      data: { linkId, shortUrl: `${origin}/s/${linkId}`, destination: `${origin}/about`, device: 'desktop' },
    });
  });

  it('lists the delivery as delivered with status 200', async () => {
    const { page, origin } = journey;
    await page.goto(`${origin}/url-shortener`);
    await page.getByRole('button', { name: 'Webhooks' }).click();
    const item = dialogOf(page).getByTestId('link-webhook');
    await poll(() => item.getByTestId('last-delivery').textContent()).toMatch(/^200 /);
    await item.getByRole('button', { name: 'Recent deliveries' }).click();
    const deliveries = item.getByRole('table', { name: 'Recent deliveries' });
    await poll(() => deliveries.locator('tbody tr').count()).toBe(1);
    const cells = await deliveries.locator('tbody tr td').allTextContents();
    expect(cells.slice(0, 3)).toEqual(['link.clicked', 'delivered attempt 1', '200']);
    expect(journey.pageErrors).toEqual([]);
  });

  it('fits a phone’s width, and a deleted endpoint leaves the list', async () => {
    const { page } = journey;
    await page.setViewportSize({ width: 390, height: 844 });
    const dialog = dialogOf(page);
    await poll(() => dialog.getByRole('button', { name: 'Add endpoint' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, 'link-webhooks-phone');
    await dialog.getByRole('button', { name: `Delete endpoint ${webhookUrl}/clicks` }).click();
    await expectToast(page, 'Endpoint deleted.');
    await expectText(page, 'No endpoints yet.', 1);
    await page.setViewportSize({ width: 1280, height: 860 });
    expect(journey.pageErrors).toEqual([]);
  });
});
