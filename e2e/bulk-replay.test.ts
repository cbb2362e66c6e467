import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { openInspector, poll, setTheme, snap } from './helpers.js';

/** A local server the requests are replayed to; it keeps the bodies and answers 200, or 500 to "fail". */
async function startTarget() {
  const bodies: string[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      bodies.push(body);
      response.writeHead(body.includes('fail') ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // a TCP listener always has an AddressInfo
  return {
    url: `http://127.0.0.1:${port}/redeliver`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.runIf(hasChromium)('Bulk replay journey', () => {
  let journey: Journey;
  let target: Awaited<ReturnType<typeof startTarget>>;

  beforeAll(async () => {
    journey = await startJourney({ replayAllowPrivate: true });
    target = await startTarget();
  });
  afterAll(async () => {
    await journey?.close();
    await target?.close();
  });

  it('replays what the search shows, oldest first, with progress and a result per request', async () => {
    const { page, origin } = journey;
    const webhookUrl = await openInspector(page, origin);
    for (const body of ['{"invoice":1}', '{"ping":true}', '{"invoice":2,"fail":1}', '{"invoice":3}']) {
      const sent = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      expect(sent.ok).toBe(true);
    }
    await page.getByRole('searchbox', { name: /search/i }).fill('invoice');
    await poll(() => page.getByText('3 of 4').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: /^Replay all/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Replay the requests in the list' });
    await poll(() => drawer.getByText(/Sends the 3 requests the search shows again/).count()).toBe(1);
    await drawer.getByLabel('Target URL').fill(target.url);
    await drawer.getByLabel('Requests a minute').fill('600');
    await drawer.getByRole('button', { name: 'Start' }).click();

    await poll(() => drawer.getByRole('status').textContent()).toBe('Finished: 3 of 3 sent');
    expect(target.bodies).toEqual(['{"invoice":1}', '{"invoice":2,"fail":1}', '{"invoice":3}']);
    expect(await drawer.getByText('2 answered 2xx, 1 did not').count()).toBe(1);
    const badges = drawer.getByTestId('bulk-replay-job').locator('.badge');
    expect(await badges.allTextContents()).toEqual(['200', '500', '200']);
    await snap(page, 'bulk-replay-light');
    await page.keyboard.press('Escape');
    await poll(() => drawer.count()).toBe(0);
    await setTheme(page, 'dark');
    // The finished job is still there when the drawer opens again.
    await page.getByRole('button', { name: /^Replay all/ }).click();
    await poll(() => drawer.getByRole('status').textContent()).toBe('Finished: 3 of 3 sent');
    await snap(page, 'bulk-replay-dark');
    expect(journey.pageErrors).toEqual([]);
  });
});
