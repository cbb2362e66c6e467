import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { expectToast, grantAdminWithCli, poll, sessionIdOf, snap } from './helpers.js';

const CAPTURES = 30;
const SUSPENDED = 'This webhook URL has been suspended by the operator of this Hookbay instance.';

/** The list of the Sessions tab with this heading. */
const list = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** The row of session `shortId` in that list. */
const row = (page: Page, name: string, shortId: string) =>
  list(page, name).getByRole('row').filter({ hasText: shortId });

describe.runIf(hasChromium)('the admin Sessions tab journey', () => {
  let journey: Journey;
  let dataDir: string;
  let busy: string;
  let shortId: string;

  async function capture(body = 'x'): Promise<Response> {
    return fetch(`${journey.origin}/webhook/${busy}/orders`, { method: 'POST', body });
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-e2e-sessions-'));
    journey = await startJourney({ dataDir });
    // A sender elsewhere fills its session with 30 requests of 20 KiB.
    const started = await fetch(`${journey.origin}/api/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    busy = ((await started.json()) as { sessionId: string }).sessionId;
    shortId = busy.slice(0, 8);
    for (let index = 0; index < CAPTURES; index += 1) {
      expect((await capture('b'.repeat(20 * 1024))).status).toBe(200);
    }
  });
  afterAll(async () => {
    await journey.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the admin opens the Sessions tab and sees the busy session', async () => {
    const { page, origin } = journey;
    await page.goto(`${origin}/webhook`);
    const link = await grantAdminWithCli(dataDir, origin, await sessionIdOf(page));
    await page.goto(link);
    await page.waitForURL(`${origin}/admin`);
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Sessions' })
      .click();
    await page.waitForURL(`${origin}/admin/sessions`);

    const largest = row(page, 'Most storage', shortId);
    await poll(() => largest.count()).toBe(1);
    const cells = await largest.getByRole('cell').allTextContents();
    expect(cells.slice(1, 4)).toEqual([
      String(CAPTURES),
      String(CAPTURES),
      expect.stringMatching(/^6\d\d\.\d KiB$/),
    ]);
    expect(cells[5]).toBe('Active');
    expect(await largest.getByText(shortId, { exact: true }).getAttribute('title')).toBe(busy);
    await poll(() => row(page, 'Most captures in the last 24 hours', shortId).count()).toBe(1);
    await snap(page, 'admin-sessions-light');
  });

  it('the admin suspends its webhook URL: captures then get 410 and nothing is stored', async () => {
    const { page } = journey;
    await row(page, 'Most storage', shortId)
      .getByRole('button', { name: `Suspend ${shortId}` })
      .click();
    await expectToast(
      page,
      `Webhook URL of ${shortId} suspended: its captures now answer 410 and store nothing.`,
    );
    await poll(() => row(page, 'Suspended webhook URLs', shortId).count()).toBe(1);

    const refused = await capture();
    expect(refused.status).toBe(410);
    expect(await refused.json()).toEqual({ error: SUSPENDED });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await poll(() => row(page, 'Most storage', shortId).getByRole('cell').nth(1).textContent()).toBe(
      String(CAPTURES),
    );
    await snap(page, 'admin-sessions-suspended-light');
  });

  it('the admin lifts the suspension: captures are stored again', async () => {
    const { page } = journey;
    await row(page, 'Suspended webhook URLs', shortId)
      .getByRole('button', { name: `Lift suspension of ${shortId}` })
      .click();
    await expectToast(page, `Suspension of ${shortId} lifted: its webhook URL captures again.`);
    await poll(() =>
      list(page, 'Suspended webhook URLs').getByText('No webhook URL is suspended.').count(),
    ).toBe(1);
    expect((await capture()).status).toBe(200);
  });

  it('the admin deletes the session’s requests after confirming', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: 'Refresh' }).click();
    await poll(() => row(page, 'Most storage', shortId).getByRole('cell').nth(1).textContent()).toBe(
      String(CAPTURES + 1),
    );
    await row(page, 'Most storage', shortId)
      .getByRole('button', { name: `Delete requests of ${shortId}` })
      .click();
    const dialog = page.getByRole('dialog');
    await poll(() =>
      dialog.getByText(`Delete all ${CAPTURES + 1} stored requests`, { exact: false }).count(),
    ).toBe(1);
    await dialog.getByRole('button', { name: 'Delete requests' }).click();

    await expectToast(page, `Deleted ${CAPTURES + 1} requests of ${shortId}.`);
    await poll(() => row(page, 'Most storage', shortId).count()).toBe(0);
    const events = await fetch(`${journey.origin}/api/events`, { headers: { 'x-session-id': busy } });
    expect(await events.json()).toEqual([]);
    expect(journey.pageErrors).toEqual([]);
  });
});
