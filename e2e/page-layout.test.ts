/**
 * Every page but the Webhook Inspector (a full-width workspace) keeps one frame: on a 390x844
 * phone, in both themes, none may scroll sideways (a failure names the elements that reach past
 * the right edge); at 1280x800 every page's content lines up with the footer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { setTheme, snap } from './helpers.js';
import { SCREENS, seedScreens, type SeededLinks } from './screens.js';

const PHONE = { width: 390, height: 844 };

/** How far the page scrolls sideways, and the outermost elements that stick out past the window. */
function sidewaysOverflow(
  page: Page,
): Promise<{ scrollWidth: number; innerWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const { scrollWidth } = document.documentElement;
    const culprits: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (element.getBoundingClientRect().right <= window.innerWidth + 0.5) continue;
      // Only the outermost one: its children stick out because it does.
      const parent = element.parentElement;
      if (
        parent &&
        parent !== document.body &&
        parent.getBoundingClientRect().right > window.innerWidth + 0.5
      )
        continue;
      const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/) : [];
      culprits.push([element.tagName.toLowerCase(), ...classes].join('.'));
    }
    return { scrollWidth, innerWidth: window.innerWidth, culprits };
  });
}

describe.runIf(hasChromium)('page layout', () => {
  let journey: Journey;
  let links: SeededLinks;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-e2e-phone-'));
    journey = await startJourney({ dataDir });
    links = await seedScreens(journey, dataDir);
  });
  afterAll(async () => {
    await journey.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`no page scrolls sideways at 390x844 in the ${theme} theme`, async () => {
      const { page, origin } = journey;
      // The theme switch sits in the navbar, which a phone folds away: switch on a wide window.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${origin}/about`);
      await setTheme(page, theme);
      await page.setViewportSize(PHONE);
      const overflowing: string[] = [];
      for (const screen of SCREENS.filter((candidate) => !candidate.isInspector)) {
        await page.goto(`${origin}${screen.path(links)}`);
        await screen.ready(page);
        await snap(page, `phone-${screen.name}-${theme}`);
        const { scrollWidth, innerWidth, culprits } = await sidewaysOverflow(page);
        if (scrollWidth > innerWidth)
          overflowing.push(
            `${screen.name}: ${scrollWidth} px wide in ${innerWidth} px (${culprits.join(', ')})`,
          );
      }
      expect(overflowing).toEqual([]);
      expect(journey.pageErrors).toEqual([]);
    });
  }

  it('every app page at 1280x800 is as wide as the footer, edge to edge', async () => {
    const { page, origin } = journey;
    await page.setViewportSize({ width: 1280, height: 800 });
    const misaligned: string[] = [];
    // The API reference and a short link's page are pages of their own, outside the app's frame.
    const appScreens = SCREENS.filter(
      (screen) => !screen.isInspector && !['api-docs', 'link-password'].includes(screen.name),
    );
    for (const screen of appScreens) {
      await page.goto(`${origin}${screen.path(links)}`);
      await screen.ready(page);
      const frames = await page.evaluate(() => {
        const box = (element: Element) => {
          const { left, width } = element.getBoundingClientRect();
          return `${Math.round(left)}+${Math.round(width)}`;
        };
        const footer = document.querySelector('footer [class*="container"]');
        const containers = Array.from(document.querySelectorAll('main [class*="container"]'));
        return { footer: footer ? box(footer) : 'none', main: containers.map(box) };
      });
      if (frames.main.length === 0 || frames.main.some((frame) => frame !== frames.footer))
        misaligned.push(`${screen.name}: ${frames.main.join(', ')} (footer ${frames.footer})`);
    }
    expect(misaligned).toEqual([]);
  });

  it('the analytics page shows each click as a card, not a table', async () => {
    const { page, origin } = journey;
    await page.setViewportSize(PHONE);
    await page.goto(`${origin}/url-shortener/analytics/${links.plain}`);
    const clicks = page.getByRole('list', { name: 'Click Details' });
    await clicks.waitFor();
    expect(await page.getByRole('table', { name: 'Click Details' }).count()).toBe(0);
    const card = clicks.getByRole('listitem').first();
    expect(await card.getByText('IP Address').count()).toBe(1);
    expect(await card.getByText('127.0.0.1').count()).toBe(1);
    const { scrollWidth, innerWidth } = await sidewaysOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
});
