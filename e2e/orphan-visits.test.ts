import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { grantAdminWithCli, poll, sessionIdOf, setTheme, snap } from './helpers.js';

const PRINTED_TYPO = 'spring-flyr';

describe.runIf(hasChromium)('orphan visits journey', () => {
  let journey: Journey;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-e2e-orphans-'));
    journey = await startJourney({ dataDir });
  });
  afterAll(async () => {
    await journey.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows a session the visits to a link it deleted, below its list', async () => {
    const { page, origin } = journey;
    await page.goto(`${origin}/url-shortener`);
    const session = { 'X-Session-ID': await sessionIdOf(page) };
    const created = await fetch(`${origin}/api/urls`, {
      method: 'POST',
      headers: { ...session, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/sale', alias: 'old-sale' }),
    });
    expect(created.status).toBe(201);
    const deleted = await fetch(`${origin}/api/urls/old-sale`, { method: 'DELETE', headers: session });
    expect(deleted.status).toBe(200);
    expect((await fetch(`${origin}/s/old-sale`, { redirect: 'manual' })).status).toBe(404);
    await page.reload();
    await page.getByRole('button', { name: 'Visits to deleted or renamed links' }).click();
    const table = page.getByRole('table', { name: 'Visits by alias' });
    await poll(() => table.textContent()).toContain('/s/old-sale');
    await snap(page, 'orphan-visits-session-light');
  });

  it('shows the operator every visit to unknown short links in the Admin panel', async () => {
    const { page, origin } = journey;
    for (let index = 0; index < 3; index += 1) {
      const response = await fetch(`${origin}/s/${PRINTED_TYPO}`, {
        redirect: 'manual',
        headers: { referer: 'https://print.example/flyer' },
      });
      expect(response.status).toBe(404);
    }
    const link = await grantAdminWithCli(dataDir, origin, await sessionIdOf(page));
    await page.goto(link);
    await page.waitForURL(`${origin}/admin`);
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Orphan visits' })
      .click();
    await page.waitForURL(`${origin}/admin/orphan-visits`);
    const row = page
      .getByRole('table', { name: 'Visits by alias' })
      .getByRole('row')
      .filter({ hasText: PRINTED_TYPO });
    await poll(() => row.textContent()).toContain('3');
    const recent = page.getByRole('table', { name: 'Recent visits' });
    await poll(() => recent.textContent()).toContain('https://print.example/flyer');
    expect(await page.getByTestId('orphan-visits').textContent()).not.toMatch(/127\.0\.0\.1|::1/);
    await snap(page, 'orphan-visits-admin-light');
    await setTheme(page, 'dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'orphan-visits-admin-phone-dark');
    await page.setViewportSize({ width: 1280, height: 860 });
    await setTheme(page, 'light');
  });
});
