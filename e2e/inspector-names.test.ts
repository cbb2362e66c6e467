/**
 * Naming an inspector in the browser: the Settings drawer refuses a bad name saying why, saves a good
 * one and shows the named webhook URL, which captures into the same list; a rename frees the old
 * name; the operator frees a name from the admin Sessions tab. At 1280x800 in both themes the list
 * keeps at least 10 whole rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, type Journey } from './harness.js';
import {
  expectToast,
  grantAdminWithCli,
  openInspector,
  poll,
  requestCount,
  requestList,
  rowsInView,
  sessionIdOf,
  setTheme,
  snap,
  startLaptopJourney,
} from './helpers.js';

const settingsButton = (page: Page) => page.getByRole('button', { name: /^Settings/ });
const switcherButton = (page: Page) => page.getByRole('button', { name: /^Inspectors/ });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Inspector settings' });

describe.runIf(hasChromium)('naming an inspector', () => {
  let journey: Journey;
  let dataDir: string;
  let webhookUrl: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-e2e-names-'));
    journey = await startLaptopJourney({ dataDir });
  });
  afterAll(async () => {
    await journey.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function saveName(page: Page, name: string): Promise<void> {
    await settingsButton(page).click();
    const field = drawer(page).getByLabel('Name', { exact: true });
    await field.fill(name);
    await drawer(page).getByRole('button', { name: 'Save name' }).click();
  }

  it('refuses a bad name saying why, then saves a good one and shows its URL', async () => {
    const { page, origin } = journey;
    webhookUrl = await openInspector(page, origin);
    for (let n = 0; n < 12; n++)
      await (await fetch(`${webhookUrl}/by-id/${n}`, { method: 'POST', body: 'x' })).text();
    await poll(() => requestCount(page)).toBe('12');
    expect(await switcherButton(page).textContent()).toContain(webhookUrl.split('/').pop()?.slice(0, 8));

    await saveName(page, 'Orders Hook');
    await poll(() =>
      drawer(page)
        .getByText(
          'A name holds only lower-case letters, digits and dashes, and starts and ends with a letter or digit.',
        )
        .isVisible(),
    ).toBe(true);
    await drawer(page).getByLabel('Name', { exact: true }).fill('webhook');
    await drawer(page).getByRole('button', { name: 'Save name' }).click();
    await poll(() => drawer(page).getByText('"webhook" is reserved; choose another name.').isVisible()).toBe(
      true,
    );

    await drawer(page).getByLabel('Name', { exact: true }).fill('e2e-orders');
    await drawer(page).getByRole('button', { name: 'Save name' }).click();
    await expectToast(page, 'This inspector is now called e2e-orders');
    expect(await drawer(page).getByLabel('Named webhook URL').inputValue()).toBe(
      `${origin}/webhook/e2e-orders`,
    );
    await snap(page, 'inspector-name-drawer');
    await page.keyboard.press('Escape');
    await poll(() => drawer(page).count()).toBe(0);
    await poll(() => switcherButton(page).textContent()).toContain('e2e-orders');
  });

  it('a request to the named URL lands in the same list, which keeps 10 rows in both themes', async () => {
    const { page, origin } = journey;
    const response = await fetch(`${origin}/webhook/e2e-orders/orders/42?src=name`, {
      method: 'POST',
      body: '{}',
    });
    expect(response.status).toBe(200);
    await poll(() => requestCount(page)).toBe('13');
    await poll(() => requestList(page).getByRole('listitem').first().textContent()).toContain('/orders/42');
    await poll(() => rowsInView(page)).toBeGreaterThanOrEqual(10);
    await snap(page, 'inspector-named-light');
    await setTheme(page, 'dark');
    expect(await rowsInView(page)).toBeGreaterThanOrEqual(10);
    await settingsButton(page).click();
    await poll(() => drawer(page).isVisible()).toBe(true);
    await snap(page, 'inspector-name-drawer-dark');
    await page.keyboard.press('Escape');
    await setTheme(page, 'light');
  });

  it('a rename frees the old name: it answers 404', async () => {
    const { page, origin } = journey;
    await saveName(page, 'e2e-orders-two');
    await expectToast(page, 'This inspector is now called e2e-orders-two');
    await page.keyboard.press('Escape');
    expect((await fetch(`${origin}/webhook/e2e-orders`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${origin}/webhook/e2e-orders-two`, { method: 'POST' })).status).toBe(200);
    await poll(() => requestCount(page)).toBe('14');
  });

  it('the operator frees the name from the Sessions tab; the session id URL keeps working', async () => {
    const { page, origin } = journey;
    const sessionId = await sessionIdOf(page);
    await page.goto(await grantAdminWithCli(dataDir, origin, sessionId));
    await page.waitForURL(`${origin}/admin`);
    await page.goto(`${origin}/admin/sessions`);
    const form = page.getByRole('region', { name: 'Free a name' });
    await form.getByLabel('Inspector name').fill('e2e-orders-two');
    await form.getByRole('button', { name: 'Free name' }).click();
    await expectToast(page, `e2e-orders-two is free again (it was session ${sessionId.slice(0, 8)})`);
    await snap(page, 'admin-free-name');
    expect((await fetch(`${origin}/webhook/e2e-orders-two`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(webhookUrl, { method: 'POST' })).status).toBe(200);
    expect(journey.pageErrors).toEqual([]);
  });
});
