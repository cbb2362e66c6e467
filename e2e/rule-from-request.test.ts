/**
 * Making a scripted response rule from a captured request: one click in the request's details
 * opens the editor filled in from it; a header condition narrows the rule, so only a matching
 * request gets the new answer. In the light and the dark theme, and on a phone's screen.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { expectToast, openInspector, poll, setTheme, snap } from './helpers.js';

const editor = (page: Page) => page.getByRole('dialog', { name: 'Add rule' });
const answerStatuses = (page: Page) =>
  page.getByRole('list', { name: 'Requests' }).getByTestId('answer-status').allTextContents();

async function send(url: string, shop: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Shop': shop },
    body: '{"order":1}',
  });
  return { status: response.status, body: await response.text() };
}

describe.runIf(hasChromium)('Making a rule from a request journey', () => {
  let journey: Journey;
  let webhookUrl: string | undefined;

  beforeAll(async () => {
    journey = await startJourney();
  });
  afterAll(async () => {
    await journey.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`answers a request with a matching header only, in the ${theme} theme`, async () => {
      const { page } = journey;
      webhookUrl ??= await openInspector(page, journey.origin);
      await setTheme(page, theme);
      const path = `/orders-${theme}`;
      const first = await send(`${webhookUrl}${path}`, 'acme');
      expect(first.status).toBe(200);
      const requests = page.getByRole('list', { name: 'Requests' }).getByRole('listitem');
      await poll(() => requests.first().textContent()).toContain(path);
      await requests.first().getByRole('button').first().click();
      await page.getByRole('button', { name: 'Make a rule' }).click();
      await poll(() => editor(page).isVisible()).toBe(true);
      const dialog = editor(page);
      expect(await dialog.getByLabel('Method', { exact: true }).inputValue()).toBe('POST');
      expect(await dialog.getByLabel('Path', { exact: true }).inputValue()).toBe(path);
      expect(await dialog.getByLabel('Status', { exact: true }).inputValue()).toBe('200');
      expect(await dialog.getByLabel('Body', { exact: true }).inputValue()).toBe(first.body);

      await dialog.getByLabel('Status', { exact: true }).fill('409');
      await dialog.getByLabel('Body', { exact: true }).fill(`duplicate order (${theme})`);
      await dialog.getByRole('button', { name: 'Add condition' }).click();
      await dialog.getByLabel('Condition 1 field').fill('header.x-shop');
      await dialog.getByLabel('Condition 1 value').fill('acme');
      await snap(page, `rule-from-request-editor-${theme}`);
      await dialog.getByRole('button', { name: 'Save rule' }).click();
      await expectToast(page, 'Responses saved. Sequences start again from the first answer.');
      await poll(() => editor(page).count()).toBe(0);

      const matching = await send(`${webhookUrl}${path}`, 'acme');
      expect(matching).toEqual({ status: 409, body: `duplicate order (${theme})` });
      const other = await send(`${webhookUrl}${path}`, 'globex');
      expect(other.status).toBe(200);
      expect(JSON.parse(other.body)).toEqual({ ok: true, id: expect.any(Number) });
      await poll(async () => (await answerStatuses(page)).slice(0, 3)).toEqual(['200', '409', '200']);

      await page.getByRole('button', { name: /^Response/ }).click();
      const rules = page.getByRole('list', { name: 'Response rules' }).getByRole('listitem');
      await poll(() => rules.last().textContent()).toContain('if header.x-shop = acme');
      await snap(page, `rule-from-request-list-${theme}`);
      await page.getByRole('dialog', { name: 'Response' }).getByRole('button', { name: 'Close' }).click();
    });
  }

  it('fits a phone: the editor opened from a request needs no sideways scrolling', async () => {
    const { page } = journey;
    webhookUrl ??= await openInspector(page, journey.origin);
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      // On a phone the details replace the list; the last test left a request's details open.
      const back = page.getByRole('button', { name: 'Back to the list' });
      if (await back.isVisible()) await back.click();
      await send(`${webhookUrl}/phone`, 'acme');
      const requests = page.getByRole('list', { name: 'Requests' }).getByRole('listitem');
      await poll(() => requests.first().textContent()).toContain('/phone');
      await requests.first().getByRole('button').first().click();
      await page.getByRole('button', { name: 'Make a rule' }).click();
      await poll(() => editor(page).isVisible()).toBe(true);
      await editor(page).getByRole('button', { name: 'Add condition' }).click();
      const widths = await page.evaluate(() => {
        const dialog = document.querySelector('.modal-dialog');
        return { page: document.documentElement.scrollWidth, dialog: dialog?.scrollWidth ?? 0 };
      });
      expect(widths.page).toBeLessThanOrEqual(390);
      expect(widths.dialog).toBeLessThanOrEqual(390);
      await snap(page, 'rule-from-request-phone');
      page.once('dialog', (prompt) => void prompt.accept());
      await editor(page).getByRole('button', { name: 'Cancel' }).click();
      await poll(() => editor(page).count()).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await setTheme(page, 'light');
    expect(journey.pageErrors).toEqual([]);
  });
});
