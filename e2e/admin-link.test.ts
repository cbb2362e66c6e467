/**
 * The admin link printed by `npm run admin -- grant` when the browser reached Hookbay by another
 * name of this machine than the one printed: 127.0.0.1 here, localhost in the link.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, screenshot, startJourney, type Journey } from './harness.js';
import { poll, runAdminGrant, sessionIdOf } from './helpers.js';

describe.runIf(hasChromium)('an admin link opened at the other name of this machine', () => {
  let journey: Journey;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-e2e-admin-link-'));
    journey = await startJourney({ dataDir });
  });
  afterAll(async () => {
    await journey.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('names the link for both addresses, explains a refusal on a styled page, and the other link works', async () => {
    const { page, origin } = journey;
    // The journey's browser uses Hookbay at http://127.0.0.1:<port>.
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const port = new URL(origin).port;
    await page.goto(`${origin}/webhook`);
    const sessionId = await sessionIdOf(page);

    // No PUBLIC_URL: the operator's CLI prints a link for localhost, the last line, and names the other.
    const lines = await runAdminGrant(dataDir, sessionId, { PUBLIC_URL: '', PORT: port });
    const link = lines.at(-1) ?? '';
    expect(link).toMatch(new RegExp(`^http://localhost:${port}/api/admin/claim/[A-Za-z0-9_-]{43}$`));
    const other = link.replace('localhost', '127.0.0.1');
    expect(lines.at(-2)).toBe(`If you use Hookbay at ${origin}, open ${other} instead.`);

    const refused = await page.goto(link);
    expect(refused?.status()).toBe(403);
    await page.getByRole('heading', { name: 'Open this link where you use Hookbay' }).waitFor();
    expect(await page.locator('.card-body p').first().textContent()).toBe(
      `Open this link in the browser where you use Hookbay, at the same address (for example ${origin} rather than http://localhost:${port}): a browser keeps a separate session for each address. This browser has no Hookbay session at http://localhost:${port}. The link keeps working until it is used or expires.`,
    );
    // Styled by the app's own stylesheet, like the short-link pages.
    const button = page.getByRole('link', { name: `Open it at ${origin}` });
    expect(await button.evaluate((element) => getComputedStyle(element).borderStyle)).toBe('solid');
    await screenshot(page, 'admin-link-refused-light');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    expect(await page.locator('html').getAttribute('data-bs-theme')).toBe('dark');
    await screenshot(page, 'admin-link-refused-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-link-refused-phone-dark');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 860 });

    await button.click();
    await page.waitForURL(`${origin}/admin`);
    await poll(() => page.getByRole('heading', { name: 'Admin Panel' }).isVisible()).toBe(true);
    expect(journey.pageErrors).toEqual([]);
  });
});
