/** A branded QR code: colours checked as they are picked, then SVG and PNG downloads drawn by the server. */
import fs from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { expectToastStartingWith, poll, setTheme, snap } from './helpers.js';

async function downloaded(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = (await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('link-qr').getByRole('button', { name: button }).click(),
  ])) as [Download, unknown];
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(await download.path()) };
}

describe.runIf(hasChromium)('branded QR code journey', () => {
  let journey: Journey;

  beforeAll(async () => {
    journey = await startJourney();
  });
  afterAll(() => journey.close());

  it('refuses colours that would not scan, then downloads the code as SVG and PNG', async () => {
    const { page, origin, app } = journey;
    await page.goto(`${origin}/url-shortener`);
    await page.getByRole('textbox', { name: 'Long URL to shorten' }).fill('https://example.com/qr-page');
    await page.getByRole('button', { name: 'Shorten' }).click();
    await expectToastStartingWith(page, 'URL added successfully!');
    const { id } = await app.database.db.selectFrom('short_links').select('id').executeTakeFirstOrThrow();
    const card = page.getByTestId('link-qr');
    await poll(() => card.getByRole('img', { name: `QR code of the short link ${id}` }).count()).toBe(1);

    await card.getByLabel('Foreground').fill('#eeeeee');
    await poll(() => card.getByRole('alert').textContent()).toBe(
      'The colours need a contrast of at least 3:1 to scan; these have 1.2:1.',
    );
    expect(await card.getByRole('button', { name: 'Download SVG' }).isDisabled()).toBe(true);

    await card.getByLabel('Foreground').fill('#1a2b3c');
    await card.getByLabel('Background').fill('#fff8e7');
    await card.getByLabel('Size (pixels)').fill('320');
    await card.getByLabel('Error correction').selectOption('H');
    await poll(() => card.getByRole('alert').count()).toBe(0);

    const svg = await downloaded(page, 'Download SVG');
    expect(svg.name).toBe(`short-link-${id}-qr.svg`);
    const text = svg.bytes.toString();
    expect(text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="320" height="320"/);
    expect(text).toContain('fill="#fff8e7"');
    expect(text).toContain('stroke="#1a2b3c"');

    const png = await downloaded(page, 'Download PNG');
    expect(png.name).toBe(`short-link-${id}-qr.png`);
    expect(png.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)]).toEqual([320, 320]);

    await snap(page, 'link-qr-light');
    await setTheme(page, 'dark');
    await snap(page, 'link-qr-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'link-qr-phone');
    expect(journey.pageErrors).toEqual([]);
  });
});
