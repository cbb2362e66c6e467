/**
 * "Test my sender" as a visitor uses it: armed in its drawer, a sender (here, signing Standard
 * Webhooks with node:crypto and retrying on 500) delivers, and the report page grades what it did,
 * each check with its evidence linking back to the requests.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_IDS } from '../shared/conformance.js';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { openInspector, poll, setTheme, snap } from './helpers.js';

const KEY = randomBytes(24);
const SECRET = `whsec_${KEY.toString('base64')}`;

interface Message {
  id: string;
  body: string;
  /** Milliseconds before each retry; the sender gives up when they run out. */
  waits: number[];
}

/**
 * A sender as the Standard Webhooks spec describes it: each attempt signed anew over
 * `id.timestamp.body` with the key after `whsec_`, sent again after a 5xx. Answers the statuses.
 */
async function deliver(url: string, message: Message): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 0; ; attempt++) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', KEY)
      .update(`${message.id}.${timestamp}.${message.body}`)
      .digest('base64');
    const answer = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': message.id,
        'webhook-timestamp': timestamp,
        'webhook-signature': `v1,${signature}`,
      },
      body: message.body,
    });
    statuses.push(answer.status);
    const wait = message.waits[attempt];
    if (answer.status < 500 || wait === undefined) return statuses;
    await delay(wait);
  }
}

const check = (page: Page, id: string) => page.getByTestId(`check-${id}`);
const outcomeOf = (page: Page, id: string) => check(page, id).locator('.badge').textContent();

describe.runIf(hasChromium)('Sender test journey', () => {
  let journey: Journey;

  beforeAll(async () => {
    journey = await startJourney();
    journey.page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await journey?.close();
  });

  it('arms a test, a sender delivers, and the report grades it with evidence', async () => {
    const { page, origin, app } = journey;
    const webhookUrl = await openInspector(page, origin);
    const sessionId = webhookUrl.split('/').at(-1) ?? '';
    const added = await app.inject({
      method: 'POST',
      url: '/api/signing-secrets',
      headers: { 'x-session-id': sessionId },
      payload: { name: 'Our sender', scheme: 'standard-webhooks', secret: SECRET, path: '/sender*' },
    });
    expect(added.statusCode, added.body).toBe(201);

    await page.getByRole('button', { name: /^Test my sender/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Test my sender' });
    await drawer.getByLabel('Path').fill('/sender*');
    await drawer.getByLabel('Fail the first deliveries of each message').selectOption('2');
    await drawer.getByLabel('Fail with').selectOption('500');
    await drawer.getByRole('button', { name: 'Arm the test' }).click();
    await poll(() => drawer.getByRole('status').textContent()).toMatch(
      /^The first 2 deliveries of each message to \/sender\* get status 500; \d+ min \d+ s left\.$/,
    );

    // A good message, and one from a sender that cuts its JSON and waits less before each retry.
    const good = { id: 'msg_good', body: '{"type":"invoice.paid","id":1}' };
    const sloppy = { id: 'msg_sloppy', body: '{"type":"invoice.paid","id":2' };
    expect(await deliver(`${webhookUrl}/sender`, { ...good, waits: [100, 300] })).toEqual([500, 500, 200]);
    expect(await deliver(`${webhookUrl}/sender`, { ...sloppy, waits: [300, 100] })).toEqual([500, 500, 200]);

    await drawer.getByRole('link', { name: 'Open the report' }).click();
    await page.waitForURL(/\/conformance\/\d+$/);
    await poll(() => page.getByTestId('report-summary').textContent()).toBe(
      '6 passed, 2 warnings, 1 failed (2 messages, 6 deliveries).',
    );
    const outcomes = async () =>
      Object.fromEntries(await Promise.all(CHECK_IDS.map(async (id) => [id, await outcomeOf(page, id)])));
    expect(await outcomes()).toEqual({
      signature: 'Pass',
      'timestamp-fresh': 'Pass',
      'timestamp-signed': 'Pass',
      'delivery-id': 'Pass',
      retries: 'Pass',
      backoff: 'Warn',
      'after-timeout': 'Warn',
      'content-type': 'Fail',
      size: 'Pass',
    });
    expect(await check(page, 'content-type').locator('p').first().textContent()).toBe(
      '3 deliveries declared JSON but the body does not parse. Standard Webhooks: payloads are JSON, sent as application/json.',
    );
    expect(await check(page, 'content-type').getByRole('link').allTextContents()).toHaveLength(3);
    await page.setViewportSize({ width: 1280, height: 800 });
    await snap(page, 'conformance-report-light');
    await setTheme(page, 'dark');
    await snap(page, 'conformance-report-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'conformance-report-phone-dark');
    await page.setViewportSize({ width: 1280, height: 860 });
    await setTheme(page, 'light');

    // Evidence opens the request it names in the inspector.
    const evidence = check(page, 'content-type').getByRole('link').first();
    const eventId = ((await evidence.textContent()) ?? '').replace('request ', '');
    await evidence.click();
    await page.waitForURL(`${origin}/webhook?event=${eventId}`);
    await poll(() => page.getByTestId('event-id').textContent()).toBe(`#${eventId}`);
    expect(journey.pageErrors).toEqual([]);
  });
});
