import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { expectToast, openInspector, poll, setTheme, snap } from './helpers.js';

const SLACK_CHALLENGE = '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P';

describe.runIf(hasChromium)('URL check presets journey', () => {
  let journey: Journey;

  beforeAll(async () => {
    journey = await startJourney();
  });
  afterAll(async () => {
    await journey.close();
  });

  it('the Slack preset previews the challenge answer, and once saved answers Slack’s check', async () => {
    const { page, origin } = journey;
    const webhookUrl = await openInspector(page, origin);
    // The other journeys look at the light theme; this one at the dark one.
    await setTheme(page, 'dark');
    await page.getByRole('button', { name: /^Response/ }).click();
    const panel = page.getByRole('dialog', { name: 'Response' });
    await panel.getByRole('button', { name: 'Add a preset' }).click();
    await page.getByRole('button', { name: 'Slack url_verification' }).click();

    const dialog = page.getByRole('dialog', { name: 'Add rule' });
    const preview = dialog.getByRole('status', { name: 'The answer' });
    await poll(() => preview.textContent()).toContain(`{"challenge": "${SLACK_CHALLENGE}"}`);
    // The preview follows the sample request as it is edited.
    await dialog
      .getByLabel('Request body')
      .fill('{"type":"url_verification","challenge":"typed-in-the-preview"}');
    await poll(() => preview.textContent()).toContain('{"challenge": "typed-in-the-preview"}');
    await snap(page, 'response-presets-preview-dark');

    // Saved in the same step: the rule answers from now on.
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await expectToast(page, 'Responses saved. Sequences start again from the first answer.');
    await poll(() => dialog.count()).toBe(0);
    await panel.getByRole('button', { name: 'Close' }).click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Response/ }).textContent()).toBe('Response:POST * → 200');

    // What Slack sends when a request URL is entered in its Event Subscriptions settings.
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        token: 'Jhj5dZrVaK7ZwHHjRyZWjbDl',
        challenge: 'from-slack-42',
        type: 'url_verification',
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ challenge: 'from-slack-42' });
    await poll(() =>
      page.getByRole('list', { name: 'Requests' }).getByTestId('answer-status').allTextContents(),
    ).toEqual(['200']);
    expect(journey.pageErrors).toEqual([]);
  });

  it('Escape closes the editor a preset opened, then the Response drawer', async () => {
    const { page, origin } = journey;
    await openInspector(page, origin);
    await page.getByRole('button', { name: /^Response/ }).click();
    const panel = page.getByRole('dialog', { name: 'Response' });
    await panel.getByRole('button', { name: 'Add a preset' }).click();
    await page.getByRole('button', { name: 'Slack url_verification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add rule' });
    await dialog.waitFor();

    await page.keyboard.press('Escape');
    await poll(() => dialog.count()).toBe(0);
    // Focus is back on the presets button, whose menu is closed: Escape is the drawer's.
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Add a preset');
    await page.keyboard.press('Escape');
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(journey.pageErrors).toEqual([]);
  });
});
