/**
 * Deleting with Undo, and "Clear all" seen from a second tab: what a person does to the list, and
 * what every other page showing the same inspector sees of it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, screenshot, startJourney, type Journey } from './harness.js';
import { expectText, openInspector, poll, realtimeJoined } from './helpers.js';

const rows = (page: Page) => page.getByRole('list', { name: 'Requests' }).getByRole('listitem');
const listedPaths = (page: Page) => rows(page).locator('span.request-path').allTextContents();
const requestCount = (page: Page) => page.getByTestId('request-count').textContent();

describe.runIf(hasChromium)('Undo and Clear all journey', () => {
  let journey: Journey;
  let webhookUrl: string;
  let other: Page;

  beforeAll(async () => {
    journey = await startJourney();
  });
  afterAll(async () => {
    await journey.close();
  });

  it('a deleted request comes back with Undo, also after a reload', async () => {
    const { page, origin } = journey;
    webhookUrl = await openInspector(page, origin);
    for (const path of ['/one', '/two', '/three']) await fetch(`${webhookUrl}${path}`, { method: 'POST' });
    await poll(() => listedPaths(page)).toEqual(['/three', '/two', '/one']);

    await rows(page).nth(1).getByRole('button', { name: 'Delete request' }).click();
    await poll(() => listedPaths(page)).toEqual(['/three', '/one']);
    expect(await requestCount(page)).toBe('2');
    await expectText(page, 'Request deleted');
    // Not snap(): it would close the toast and its Undo.
    await screenshot(page, 'inspector-undo-light');
    await page.getByRole('button', { name: 'Undo' }).click();
    await poll(() => listedPaths(page)).toEqual(['/three', '/two', '/one']);
    await poll(() => requestCount(page)).toBe('3');
    await page.reload();
    await poll(() => listedPaths(page)).toEqual(['/three', '/two', '/one']);
  });

  it('Clear all, confirmed, empties this tab and another one showing the inspector', async () => {
    const { page, context, origin } = journey;
    other = await context.newPage();
    other.on('pageerror', (error) => journey.pageErrors.push(error));
    const joined = realtimeJoined(other);
    await other.goto(`${origin}/webhook`);
    await joined;
    await poll(() => listedPaths(other)).toEqual(['/three', '/two', '/one']);

    await page.getByRole('button', { name: 'Clear all' }).click();
    const dialog = page.getByRole('dialog');
    await expectText(page, 'Clear all requests?');
    expect(await dialog.textContent()).toContain('This deletes all 3 requests of this inspector');
    await dialog.getByRole('button', { name: 'Clear all' }).click();
    await expectText(page, 'Webhook Inspector is waiting', 1);
    await poll(() => requestCount(page)).toBe('0');
    await expectText(other, 'Webhook Inspector is waiting', 1);
    expect(await listedPaths(other)).toEqual([]);
    await poll(() => requestCount(other)).toBe('0');

    // The next request shows up in both, as usual.
    await fetch(`${webhookUrl}/after`, { method: 'POST' });
    await poll(() => listedPaths(page)).toEqual(['/after']);
    await poll(() => listedPaths(other)).toEqual(['/after']);
    await other.close();
    expect(journey.pageErrors).toEqual([]);
  });
});
