/**
 * Every page, in both themes at 1280x800, checked with axe-core against the WCAG 2 A and AA rules:
 * any serious or critical finding fails the journey, listed page by page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, type Journey } from './harness.js';
import { AXE_SOURCE, seriousFindings } from './axe.js';
import { setTheme, snap, startLaptopJourney } from './helpers.js';
import { SCREENS, seedScreens, type SeededLinks } from './screens.js';

describe.runIf(hasChromium)('accessibility of every page', () => {
  let journey: Journey;
  let links: SeededLinks;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-e2e-a11y-'));
    journey = await startLaptopJourney({ dataDir });
    links = await seedScreens(journey, dataDir);
  });
  afterAll(async () => {
    await journey.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('axe-core runs inside a page under the strict Content-Security-Policy', async () => {
    const { page, origin } = journey;
    await page.goto(`${origin}/about`);
    await page.locator('h1').waitFor();
    await page.evaluate(AXE_SOURCE);
    expect(await page.evaluate(() => typeof window.axe?.run)).toBe('function');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`every page in the ${theme} theme has no serious or critical WCAG 2 A/AA finding`, async () => {
      const { page, origin } = journey;
      await page.goto(`${origin}/about`);
      await setTheme(page, theme);
      const findings: string[] = [];
      for (const screen of SCREENS) {
        await page.goto(`${origin}${screen.path(links)}`);
        await screen.ready(page);
        await snap(page, `a11y-${screen.name}-${theme}`);
        findings.push(...(await seriousFindings(page)).map((finding) => `${screen.name}: ${finding}`));
      }
      expect(findings).toEqual([]);
      expect(journey.pageErrors).toEqual([]);
      // Every screen, with its data, checked in one go: minutes on a busy machine.
    }, 240_000);
  }
});
