/** The API reference: it follows the theme chosen in the app and has a way back to Hookbay. */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { poll, setTheme, snap } from './helpers.js';

/** Relative luminance (0 black, 1 white) of an element's computed background colour. */
function backgroundLuminance(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((element) => {
    const match = getComputedStyle(element).backgroundColor.match(/\d+(\.\d+)?/g) ?? [];
    const [red = 0, green = 0, blue = 0] = match.map(Number).map((value) => {
      const channel = value / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  });
}

describe.runIf(hasChromium)('the API reference page', () => {
  let journey: Journey;
  beforeAll(async () => {
    journey = await startJourney();
  });
  afterAll(async () => {
    await journey.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`shows the ${theme} theme chosen in the app and links back to Hookbay`, async () => {
      const { page, origin } = journey;
      await page.goto(origin);
      await setTheme(page, theme);
      await page.goto(`${origin}/api/docs`);
      await poll(() => page.getByText('Hookbay API').first().isVisible()).toBe(true);
      expect(await page.locator('html').getAttribute('data-bs-theme')).toBe(theme);
      // Swagger UI paints its own area only in its dark mode; the light page is the document's.
      if (theme === 'dark') expect(await backgroundLuminance(page, '.swagger-ui')).toBeLessThan(0.05);
      else expect(await backgroundLuminance(page, 'html')).toBeGreaterThan(0.9);
      await snap(page, `api-docs-${theme}`);

      await page.getByRole('link', { name: 'Back to Hookbay' }).click();
      await page.waitForURL(`${origin}/`);
      await poll(() => page.getByRole('heading', { name: 'Our Tools' }).isVisible()).toBe(true);
      expect(await page.locator('html').getAttribute('data-bs-theme')).toBe(theme);
      expect(journey.pageErrors).toEqual([]);
    });
  }
});
