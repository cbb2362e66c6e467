import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, screenshot, startJourney, type Journey } from './harness.js';
import { clipboardText, expectToast, poll, sessionIdOf, snap } from './helpers.js';

describe.runIf(hasChromium)('landing page and theme', () => {
  let journey: Journey;
  beforeAll(async () => {
    journey = await startJourney();
  });
  afterAll(async () => {
    await journey.close();
  });

  it('shows the landing sections and its share metadata', async () => {
    const { page, origin } = journey;
    await page.goto(origin);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Why Choose Our Webhook Inspector?' }).count())
      .toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: 'Our Tools' }).count()).toBe(1);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${origin}/`);
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(
      `${origin}/og-image.png`,
    );
    const image = await fetch(`${origin}/og-image.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    await screenshot(page, 'landing-light');
  });

  it("shows the visitor's own webhook URL, which Copy copies and which captures requests", async () => {
    const { page, origin } = journey;
    await page.goto(origin);
    const webhookUrl = `${origin}/webhook/${await sessionIdOf(page)}`;
    const field = page.getByLabel('Your webhook URL');
    await poll(() => field.inputValue()).toBe(webhookUrl);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expectToast(page, 'Webhook URL copied to clipboard');
    expect(await clipboardText(page)).toBe(webhookUrl);
    expect((await fetch(webhookUrl, { method: 'POST', body: 'hello' })).status).toBe(200);
    // The tools beyond capturing are named on the page.
    for (const title of ['Scripted responses', 'Forwarding to localhost', 'Waiting for requests in CI']) {
      expect(await page.getByRole('heading', { name: title }).count()).toBe(1);
    }
    await snap(page, 'landing-url-light');
  });

  it('Get Started Free opens the Webhook Inspector with a personal URL', async () => {
    const { page, origin } = journey;
    await page.goto(origin);
    await page.getByRole('link', { name: 'Get Started Free' }).click();
    await page.waitForURL(`${origin}/webhook`);
    const sessionId = await page.evaluate(() => localStorage.getItem('userSessionId'));
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    await poll(() => page.getByLabel('Your webhook URL').inputValue()).toBe(`${origin}/webhook/${sessionId}`);
    const expiry = Number(await page.evaluate(() => localStorage.getItem('userSessionExpiry')));
    expect(expiry - Date.now()).toBeGreaterThan(299 * 24 * 3600 * 1000);
    expect(await page.getByTestId('user-id').textContent()).toBe(sessionId?.slice(0, 8));
  });

  it('the theme switch turns the page dark, and the choice survives a reload', async () => {
    const { page, origin } = journey;
    await page.goto(origin);
    expect(await page.locator('html').getAttribute('data-bs-theme')).toBe('light');
    await page.getByLabel('Dark theme').check();
    expect(await page.locator('html').getAttribute('data-bs-theme')).toBe('dark');
    await page.reload();
    expect(await page.locator('html').getAttribute('data-bs-theme')).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await screenshot(page, 'landing-dark');
    await page.getByLabel('Dark theme').uncheck();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  it('an unknown page shows the not-found page', async () => {
    const { page, origin } = journey;
    await page.goto(`${origin}/no-such-page`);
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);
    expect(journey.pageErrors).toEqual([]);
  });
});
