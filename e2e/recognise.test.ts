import { createHmac, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { clipboardText, expectText, expectToast, openInspector, poll, setTheme, snap } from './helpers.js';

const SECRET = 'journey-secret';
const DELIVERY = randomUUID();

/** The rows of the request list, newest first. */
const rows = (page: Page) => page.getByRole('list', { name: 'Requests' }).getByRole('listitem');
const details = (page: Page) => page.getByRole('article', { name: 'Request details' });

/** Sends a delivery the way GitHub does: event and delivery headers, body signed with SECRET. */
function sendGithubDelivery(webhookUrl: string, body: string, extra: Record<string, string> = {}) {
  return fetch(`${webhookUrl}/github`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-GitHub-Event': 'issues',
      'X-GitHub-Delivery': DELIVERY,
      'X-Hub-Signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
      ...extra,
    },
    body,
  });
}

describe.runIf(hasChromium)('Recognising, verifying and comparing webhooks', () => {
  let journey: Journey;
  let webhookUrl: string;

  beforeAll(async () => {
    journey = await startJourney();
  });
  afterAll(async () => {
    await journey.close();
  });

  it('a GitHub delivery is listed with its provider and event type', async () => {
    const { page, origin } = journey;
    webhookUrl = await openInspector(page, origin);

    const response = await sendGithubDelivery(webhookUrl, '{"action":"opened","issue":{"number":7}}');
    expect(response.ok).toBe(true);
    await poll(() => rows(page).count()).toBe(1);
    const row = rows(page).first();
    expect(await row.getByTestId('provider-badge').textContent()).toBe('GitHub');
    expect(await row.getByTestId('event-type-badge').textContent()).toBe('issues.opened');
    await poll(() => details(page).getByTestId('provider-badge').textContent()).toBe('GitHub');
    // The delivery id is shown beside the badges, not only among the headers.
    expect(await details(page).locator('code').filter({ hasText: DELIVERY }).count()).toBe(1);
  });

  it('verifies the signature with the right secret, and refuses a wrong one', async () => {
    const { page } = journey;
    const verify = page.getByRole('region', { name: 'Verify signature' });
    expect(await verify.getByLabel('Scheme').inputValue()).toBe('github-sha256');

    await verify.getByLabel('Signing secret').fill(SECRET);
    await verify.getByRole('button', { name: 'Verify' }).click();
    await expectText(page, 'Valid signature', 1);
    const expected = await verify.getByTestId('verify-expected').textContent();
    expect(await verify.getByTestId('verify-received').textContent()).toBe(expected);
    await verify.scrollIntoViewIfNeeded();
    await snap(page, 'recognise-verify-light');

    await verify.getByLabel('Signing secret').fill('not-the-secret');
    await verify.getByRole('button', { name: 'Verify' }).click();
    await expectText(page, 'Invalid signature', 1);
    expect(await page.getByText('Valid signature', { exact: true }).count()).toBe(0);
  });

  it('the same delivery sent again is marked as a redelivery', async () => {
    const { page } = journey;
    const response = await sendGithubDelivery(webhookUrl, '{"action":"opened","issue":{"number":8}}', {
      'X-Retry': '1',
    });
    expect(response.ok).toBe(true);
    await poll(() => rows(page).count()).toBe(2);
    expect(await rows(page).first().getByText('Redelivery', { exact: true }).count()).toBe(1);
    expect(await rows(page).nth(1).getByText('Redelivery', { exact: true }).count()).toBe(0);
  });

  it('two picked requests show their header and body differences, named as the list shows them', async () => {
    const { page } = journey;
    // Comparing is offered by a labelled button; only then do the rows get their checkboxes.
    expect(await rows(page).getByRole('checkbox').count()).toBe(0);
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await expectText(page, 'Tick two requests to compare them.', 1);
    await rows(page).nth(1).getByRole('checkbox').check();
    await expectText(page, 'Tick one more request to compare.', 1);
    await rows(page).first().getByRole('checkbox').check();

    const comparison = page.getByRole('article', { name: 'Comparing two requests' });
    await poll(() => comparison.count()).toBe(1);
    const [older, newer] = await comparison.locator('.compare-names dd').allTextContents();
    expect(older).toMatch(/^POST \/github · .+ · #\d+$/);
    expect(newer).toMatch(/^POST \/github · .+ · #\d+$/);
    // The ids are the ones the list shows.
    const newestId = (await rows(page).first().textContent())?.match(/#(\d+)/)?.[1];
    expect(newer?.endsWith(`#${newestId}`)).toBe(true);
    const retry = comparison
      .getByRole('region', { name: 'Header differences' })
      .locator('tr')
      .filter({ has: page.getByRole('rowheader', { name: 'X-Retry', exact: true }) });
    expect(await retry.locator('td').allTextContents()).toEqual(['Added', '(none)', '1']);
    const lines = await comparison.getByTestId('body-diff').locator('div').allTextContents();
    expect(lines.filter((line) => !line.startsWith(' '))).toEqual(['-     "number": 7', '+     "number": 8']);
    await snap(page, 'recognise-compare-light');

    await page.getByRole('button', { name: 'Close comparison' }).click();
    await poll(() => details(page).count()).toBe(1);
  });

  it('copies the request as HTTPie, fetch and Python code', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: 'Copy as…' }).click();
    await page.getByRole('button', { name: 'HTTPie' }).click();
    await expectToast(page, 'HTTPie code copied to clipboard');
    expect(await clipboardText(page)).toMatch(/^printf '%s' .* \| http POST '.*\/github' \\\n/);

    await page.getByRole('button', { name: 'Copy as…' }).click();
    await page.getByRole('button', { name: 'Python (requests)' }).click();
    await expectToast(page, 'Python (requests) code copied to clipboard');
    expect(await clipboardText(page)).toContain(`"X-GitHub-Delivery": "${DELIVERY}",`);
  });

  it('looks right in both themes, without page errors', async () => {
    const { page } = journey;
    await snap(page, 'recognise-details-light');
    await setTheme(page, 'dark');
    await snap(page, 'recognise-details-dark');
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await rows(page).nth(1).getByRole('checkbox').check();
    await rows(page).first().getByRole('checkbox').check();
    await snap(page, 'recognise-compare-dark');
    await setTheme(page, 'light');
    expect(journey.pageErrors).toEqual([]);
  });
});
