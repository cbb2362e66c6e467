import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { openInspector, poll, setTheme, snap } from './helpers.js';

/** A local destination: answers 500 to the first request it gets and 200 to every other one. */
async function startDestination() {
  const bodies: string[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      bodies.push(body);
      response.writeHead(bodies.length === 1 ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // a TCP listener always has an AddressInfo
  return {
    url: `http://127.0.0.1:${port}/staging`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.runIf(hasChromium)('Relays journey', () => {
  let journey: Journey;
  let destination: Awaited<ReturnType<typeof startDestination>>;

  beforeAll(async () => {
    journey = await startJourney({
      replayAllowPrivate: true,
      linkWebhookDelivery: { intervalMs: 100, retryDelaysMs: [300] },
    });
    destination = await startDestination();
  });
  afterAll(async () => {
    await journey?.close();
    await destination?.close();
  });

  it('adds a destination, passes a webhook on and shows each attempt in its details, in both themes and on a phone', async () => {
    const { page, origin } = journey;
    const webhookUrl = await openInspector(page, origin);

    await page.getByRole('button', { name: /^Relays/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Relays' });
    await poll(() => drawer.getByText('No relay destinations yet.').count()).toBe(1);
    await drawer.getByLabel('Destination URL').fill(destination.url);
    await drawer.getByLabel('Path glob (optional)').fill('/orders/*');
    await drawer.getByRole('button', { name: 'Add relay' }).click();
    await poll(() => drawer.getByTestId('relay-item').count()).toBe(1);
    expect(await drawer.getByTestId('relay-secret').textContent()).toMatch(/^whsec_/);
    expect(await drawer.getByTestId('relay-item').textContent()).toContain(
      'Re-sign (Standard Webhooks) · /orders/*',
    );
    await snap(page, 'relays-drawer-light');
    await page.keyboard.press('Escape');
    await poll(() => drawer.count()).toBe(0);

    const sent = await fetch(`${webhookUrl}/orders/1`, { method: 'POST', body: '{"order":1}' });
    expect(sent.ok).toBe(true);
    const requests = page.getByRole('list', { name: 'Requests' }).getByRole('listitem');
    await poll(() => requests.first().textContent()).toContain('/orders/1');
    await requests.first().getByRole('button').first().click();
    const attempts = page.getByRole('region', { name: 'Relays' }).getByTestId('relay-attempts');
    // The first attempt is answered 500 and retried; both show as they happen.
    await poll(() => attempts.locator('tbody tr').allTextContents()).toEqual([
      expect.stringMatching(/^1500 · retrying.*The endpoint answered 500\.$/),
      expect.stringMatching(/^2200 · delivered/),
    ]);
    expect(destination.bodies).toEqual(['{"order":1}', '{"order":1}']);
    await snap(page, 'relays-attempts-light');

    await setTheme(page, 'dark');
    await poll(() => attempts.locator('tbody tr').count()).toBe(2);
    await snap(page, 'relays-attempts-dark');

    await page.setViewportSize({ width: 390, height: 844 });
    await poll(() => attempts.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, 'relays-attempts-phone');
    await page.getByRole('button', { name: /^Relays/ }).click();
    await poll(() => drawer.getByTestId('relay-item').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, 'relays-drawer-phone');
    expect(journey.pageErrors).toEqual([]);
  });
});
