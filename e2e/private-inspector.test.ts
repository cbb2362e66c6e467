/**
 * A private inspector in two browsers: the owner makes it private and keeps working (live, after a
 * reload), hands a second browser an access link, then revokes that key, and the second browser
 * loses access with a clear page rather than a crash.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  DESKTOP_CHROME_UA,
  hasChromium,
  startJourney,
  type Journey,
} from './harness.js';
import { expectText, expectToast, openInspector, poll, realtimeJoined, snap } from './helpers.js';

const rows = (page: Page) => page.getByRole('list', { name: 'Requests' }).getByRole('listitem');
const listedPaths = (page: Page) => rows(page).locator('span.request-path').allTextContents();

async function capture(webhookUrl: string, path: string): Promise<void> {
  const response = await fetch(`${webhookUrl}${path}`, { method: 'POST', body: path });
  expect(response.status).toBe(200);
}

/** A second browser with its own fresh profile. */
async function openSecondBrowser(origin: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(
    fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-chromium-')),
    {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      userAgent: DESKTOP_CHROME_UA,
      viewport: { width: 1280, height: 860 },
    },
  );
  await context.grantPermissions(['notifications', 'clipboard-read', 'clipboard-write'], { origin });
  return context;
}

describe.runIf(hasChromium)('Private inspector journey', () => {
  let journey: Journey;
  let second: BrowserContext;
  let other: Page;
  const otherErrors: Error[] = [];
  let webhookUrl: string;
  let accessLink: string;

  beforeAll(async () => {
    journey = await startJourney();
    second = await openSecondBrowser(journey.origin);
    other = second.pages()[0] ?? (await second.newPage());
    other.on('pageerror', (error) => otherErrors.push(error));
  });
  afterAll(async () => {
    await second.close();
    await journey.close();
  });

  it('the owner makes the inspector private and keeps seeing requests live, also after a reload', async () => {
    const { page, origin } = journey;
    webhookUrl = await openInspector(page, origin);
    const sessionId = webhookUrl.split('/').at(-1) ?? '';
    const privateSwitch = page.getByRole('switch', { name: 'Private: the webhook URL only receives' });
    const accessButton = page.getByRole('button', { name: /^Access/ });
    expect(await accessButton.textContent()).toBe('Access:public');
    await accessButton.click();
    expect(await privateSwitch.isChecked()).toBe(false);

    await privateSwitch.check();
    await expectToast(page, 'The inspector is private now');
    expect(await privateSwitch.isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => accessButton.textContent()).toBe('Access:private');
    await poll(() => page.evaluate(() => localStorage.getItem('userAccessKey'))).toMatch(/^hbk_/);
    // The webhook URL's session id alone now reads nothing.
    const byId = await fetch(`${origin}/api/events`, { headers: { 'X-Session-ID': sessionId } });
    expect(byId.status).toBe(401);
    await expectText(
      page,
      'Private: this URL only receives requests. The Share link alone gives no access; give another browser an access link under Access.',
    );

    await capture(webhookUrl, '/first');
    await poll(() => listedPaths(page)).toEqual(['/first']);

    const joined = realtimeJoined(page);
    await page.reload();
    await joined;
    await poll(() => listedPaths(page)).toEqual(['/first']);
    await poll(() => accessButton.textContent()).toBe('Access:private');
    await capture(webhookUrl, '/second');
    await poll(() => listedPaths(page)).toEqual(['/second', '/first']);
    await snap(page, 'private-inspector');
  });

  it('an access link opens the inspector in a second browser, live, and leaves the address bar', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: /^Access/ }).click();
    await page.getByRole('button', { name: 'Give another browser access' }).click();
    // The key's dialog opens over the Access drawer.
    const dialog = page.getByRole('dialog').last();
    await dialog.getByLabel('Name').fill('Laptop');
    await dialog.getByRole('button', { name: 'Create access link' }).click();
    accessLink = await dialog.getByLabel('Access link').inputValue();
    expect(accessLink).toMatch(new RegExp(`^${journey.origin}/webhook#key=hbk_`));
    await dialog.getByRole('button', { name: 'Done' }).click();
    await poll(() => page.getByRole('rowheader', { name: 'Laptop' }).count()).toBe(1);

    const joined = realtimeJoined(other);
    await other.goto(accessLink);
    await joined;
    await poll(() => listedPaths(other)).toEqual(['/second', '/first']);
    expect(new URL(other.url()).hash).toBe('');
    expect(await other.evaluate(() => localStorage.getItem('userAccessKey'))).toBe(
      accessLink.slice(accessLink.indexOf('#key=') + '#key='.length),
    );
    await capture(webhookUrl, '/third');
    await poll(() => listedPaths(other)).toEqual(['/third', '/second', '/first']);
    await poll(() => listedPaths(page)).toEqual(['/third', '/second', '/first']);
  });

  it('revoking the second browser’s key from the first: the second loses access and says so', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: 'Revoke Laptop' }).click();
    const dialog = page.getByRole('dialog').last();
    await expectText(page, 'Revoke this key?');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await poll(() => page.getByRole('rowheader', { name: 'Laptop' }).count()).toBe(0);

    await expectText(other, 'This inspector is private');
    await expectText(
      other,
      'This browser’s key to it was revoked, so it can no longer see its requests. Ask its owner for a new access link.',
    );
    expect(await rows(other).count()).toBe(0);
    expect(await other.evaluate(() => localStorage.getItem('userAccessKey'))).toBeNull();
    await snap(other, 'private-inspector-revoked');

    // The owner carries on.
    await capture(webhookUrl, '/fourth');
    await poll(() => listedPaths(page)).toEqual(['/fourth', '/third', '/second', '/first']);
    expect(journey.pageErrors).toEqual([]);
    expect(otherErrors).toEqual([]);
  });
});
