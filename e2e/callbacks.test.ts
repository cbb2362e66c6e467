/**
 * A response rule that calls back: made in the rules editor (one step to save), listed with its
 * callback on its line; a webhook carrying callback_url gets its answer, then the loopback server
 * this test starts receives the callback, and the request's details show what it answered. In the
 * light and the dark theme.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { expectToast, openInspector, poll, setTheme, snap } from './helpers.js';

const editor = (page: Page) => page.getByRole('dialog', { name: 'Add rule' });

describe.runIf(hasChromium)('Rule callbacks journey', () => {
  let journey: Journey;
  let webhookUrl: string | undefined;
  let target: http.Server;
  let targetOrigin: string;
  const received: string[] = [];

  beforeAll(async () => {
    journey = await startJourney({ replayAllowPrivate: true });
    target = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push(`${request.method} ${request.url} ${Buffer.concat(chunks).toString('utf8')}`);
        response.writeHead(202, { 'content-type': 'text/plain' }).end('got it');
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetOrigin = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await journey.close();
    target.closeAllConnections();
    await new Promise<void>((resolve) => target.close(() => resolve()));
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`calls back after answering and shows the result on the request, in the ${theme} theme`, async () => {
      const { page } = journey;
      webhookUrl ??= await openInspector(page, journey.origin);
      await setTheme(page, theme);
      const path = `/pay-${theme}`;
      await page.getByRole('button', { name: /^Response/ }).click();
      const panel = page.getByRole('dialog', { name: 'Response' });
      await panel.getByRole('button', { name: 'Add rule' }).click();
      await poll(() => editor(page).isVisible()).toBe(true);
      const dialog = editor(page);
      await dialog.getByLabel('Path', { exact: true }).fill(path);
      await dialog.getByLabel('Status', { exact: true }).fill('202');
      await dialog.getByLabel('Call back after answering').check();
      await dialog.getByLabel('Callback body').fill('{"paid": "{{body.id}}"}');
      await dialog.getByLabel('Callback delay (ms)').fill('300');
      await snap(page, `callbacks-editor-${theme}`);
      await dialog.getByRole('button', { name: 'Save rule' }).click();
      await expectToast(page, 'Responses saved. Sequences start again from the first answer.');
      await poll(() => editor(page).count()).toBe(0);
      const rules = page.getByRole('list', { name: 'Response rules' }).getByRole('listitem');
      await poll(() => rules.last().textContent()).toContain(
        'then calls back POST {{body.callback_url}} after 300 ms',
      );
      await panel.getByRole('button', { name: 'Close' }).click();

      const answer = await fetch(`${webhookUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: `pay_${theme}`, callback_url: `${targetOrigin}/paid/${theme}` }),
      });
      expect(answer.status).toBe(202);
      await poll(() => received.at(-1)).toBe(`POST /paid/${theme} {"paid": "pay_${theme}"}`);

      const requests = page.getByRole('list', { name: 'Requests' }).getByRole('listitem');
      await poll(() => requests.first().textContent()).toContain(path);
      await requests.first().getByRole('button').first().click();
      const details = page.getByRole('article', { name: 'Request details' });
      await poll(() => details.textContent()).toMatch(
        new RegExp(`POST ${targetOrigin}/paid/${theme} → 202 in \\d+ ms`),
      );
      expect(await details.textContent()).toContain('got it');
      await snap(page, `callbacks-result-${theme}`);
    });
  }

  it('fits a phone: the editor with a callback needs no sideways scrolling', async () => {
    const { page } = journey;
    webhookUrl ??= await openInspector(page, journey.origin);
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const back = page.getByRole('button', { name: 'Back to the list' });
      if (await back.isVisible()) await back.click();
      await page.getByRole('button', { name: /^Response/ }).click();
      const panel = page.getByRole('dialog', { name: 'Response' });
      await panel.getByRole('button', { name: 'Add rule' }).click();
      await poll(() => editor(page).isVisible()).toBe(true);
      await editor(page).getByLabel('Call back after answering').check();
      const widths = await page.evaluate(() => {
        const dialog = document.querySelector('.modal-dialog');
        return { page: document.documentElement.scrollWidth, dialog: dialog?.scrollWidth ?? 0 };
      });
      expect(widths.page).toBeLessThanOrEqual(390);
      expect(widths.dialog).toBeLessThanOrEqual(390);
      await snap(page, 'callbacks-phone');
      page.once('dialog', (prompt) => void prompt.accept());
      await editor(page).getByRole('button', { name: 'Cancel' }).click();
      await poll(() => editor(page).count()).toBe(0);
      await panel.getByRole('button', { name: 'Close' }).click();
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await setTheme(page, 'light');
    expect(journey.pageErrors).toEqual([]);
  });
});
