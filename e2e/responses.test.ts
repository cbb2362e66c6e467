import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { expectToast, openInspector, poll, setTheme, snap } from './helpers.js';

/** The statuses shown in the request list, newest first. */
const answerStatuses = (page: Page) =>
  page.getByRole('list', { name: 'Requests' }).getByTestId('answer-status').allTextContents();
const ruleItems = (page: Page) => page.getByRole('list', { name: 'Response rules' }).getByRole('listitem');
/** The header's button: "Response" and what the webhook URL answers now. */
const responseButton = (page: Page) => page.getByRole('button', { name: /^Response/ });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Response' });

async function openDrawer(page: Page): Promise<void> {
  await responseButton(page).click();
  await poll(() => drawer(page).isVisible()).toBe(true);
}

async function closeDrawer(page: Page): Promise<void> {
  await drawer(page).getByRole('button', { name: 'Close' }).click();
  await poll(() => drawer(page).count()).toBe(0);
}
const infoValue = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Request Info', exact: true })
    .locator('tr')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
    .locator('td')
    .textContent();

describe.runIf(hasChromium)('Scripted responses journey', () => {
  let journey: Journey;
  let webhookUrl: string;

  beforeAll(async () => {
    journey = await startJourney();
  });
  afterAll(async () => {
    await journey.close();
  });

  it('"Fail twice, then succeed" set in the panel answers 500, 500, 200, shown in the list', async () => {
    const { page, origin } = journey;
    webhookUrl = await openInspector(page, origin);

    await poll(() => responseButton(page).textContent()).toBe('Response:default 200');
    await openDrawer(page);
    // A preset is saved as it is picked: there is no second step to forget.
    await drawer(page).getByRole('button', { name: 'Add a preset' }).click();
    await page.getByRole('button', { name: 'Fail twice, then succeed' }).click();
    await expectToast(page, 'Responses saved. Sequences start again from the first answer.');
    expect(await ruleItems(page).allTextContents()).toEqual([
      expect.stringContaining('500, 500, 200 then the last again'),
    ]);
    expect(await drawer(page).getByRole('button', { name: 'Save' }).count()).toBe(0);
    await closeDrawer(page);
    await poll(() => responseButton(page).textContent()).toBe('Response:Every request → 500, 500, 200');

    const senders: number[] = [];
    for (const attempt of [1, 2, 3]) {
      const response = await fetch(`${webhookUrl}/deliveries`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ attempt }),
      });
      senders.push(response.status);
      await response.arrayBuffer();
    }
    expect(senders).toEqual([500, 500, 200]);
    await poll(() => answerStatuses(page)).toEqual(['200', '500', '500']);
    expect(await infoValue(page, 'Answer')).toBe('Answered 500 by rule 1');
    await page
      .getByRole('list', { name: 'Requests' })
      .getByRole('listitem')
      .first()
      .getByRole('button')
      .first()
      .click();
    await poll(() => infoValue(page, 'Answer')).toBe('Answered 200 by rule 1');
  });

  it('deleting the rule brings the default answer back', async () => {
    const { page } = journey;
    await openDrawer(page);
    await page.getByRole('button', { name: 'Delete rule 1' }).click();
    await expectToast(page, 'Responses saved. Sequences start again from the first answer.');
    await closeDrawer(page);
    await poll(() => responseButton(page).textContent()).toBe('Response:default 200');
    const response = await fetch(webhookUrl, { method: 'POST', body: 'plain' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, id: expect.any(Number) });
    await poll(() => answerStatuses(page)).toEqual(['200', '200', '500', '500']);
  });

  it('looks right in both themes, without page errors', async () => {
    const { page } = journey;
    await openDrawer(page);
    await drawer(page).getByRole('button', { name: 'Add a preset' }).click();
    await page.getByRole('button', { name: '429 with Retry-After' }).click();
    await poll(() => ruleItems(page).count()).toBe(1);
    await drawer(page).getByRole('button', { name: 'Add a preset' }).click();
    await page.getByRole('button', { name: 'Slow answer (5 s)' }).click();
    await poll(() => ruleItems(page).count()).toBe(2);
    await closeDrawer(page);
    await poll(() => responseButton(page).textContent()).toBe('Response:Every request → 429 +1 more rule');
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await openDrawer(page);
      await snap(page, `responses-${theme}`);
      await page.getByRole('button', { name: 'Edit rule 1' }).click();
      await poll(() => page.getByRole('dialog', { name: 'Edit rule 1' }).count()).toBe(1);
      await snap(page, `responses-editor-${theme}`);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await poll(() => page.getByRole('dialog', { name: 'Edit rule 1' }).count()).toBe(0);
      await closeDrawer(page);
    }
    await setTheme(page, 'light');
    expect(journey.pageErrors).toEqual([]);
  });
});
