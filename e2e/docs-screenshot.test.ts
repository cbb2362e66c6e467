/**
 * The Webhook Inspector as the README shows it: requests listed and the newest one open, at
 * 1280x800 in the light theme. With UPDATE_DOCS_SCREENSHOT=1 the journey writes that screen to
 * docs/webhook-inspector.png, so the picture follows the layout.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, type Journey } from './harness.js';
import { openInspector, poll, requestList, setTheme, snap, startLaptopJourney } from './helpers.js';
import { SCREENS, sendSeededRequests, SEEDED_REQUESTS } from './screens.js';

const DOCS_SCREENSHOT = path.join('docs', 'webhook-inspector.png');

describe.runIf(hasChromium)('the README’s screenshot of the Webhook Inspector', () => {
  let journey: Journey;

  beforeAll(async () => {
    journey = await startLaptopJourney();
  });
  afterAll(async () => {
    await journey.close();
  });

  it('shows the requests sent to the webhook URL with the newest open, at 1280x800 in the light theme', async () => {
    const { page, origin } = journey;
    const webhookUrl = await openInspector(page, origin);
    await setTheme(page, 'light');
    await sendSeededRequests(origin, webhookUrl.split('/').at(-1) ?? '');
    // Opened afresh, the Inspector opens the newest request; live, it keeps the first one open.
    await page.reload();
    const inspector = SCREENS.find((screen) => screen.name === 'inspector');
    if (!inspector) throw new Error('no inspector screen');
    await inspector.ready(page);

    const rows = requestList(page).locator('.request-path');
    await poll(() => rows.allTextContents()).toEqual(
      SEEDED_REQUESTS.map((request) => request.path).reverse(),
    );
    const open = page.locator('.request-row [aria-current="true"] .request-path');
    expect(await open.textContent()).toBe('/orders?source=e2e');
    await poll(() => page.getByText('"currency": "EUR"').count()).toBeGreaterThan(0);

    await snap(page, 'docs-webhook-inspector');
    if (process.env.UPDATE_DOCS_SCREENSHOT === '1') await page.screenshot({ path: DOCS_SCREENSHOT });
    expect(journey.pageErrors).toEqual([]);
  });
});
