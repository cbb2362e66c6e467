/** A destination check: a link to a page that is gone shows as broken, in its detail panel and in the list. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { expectToastStartingWith, poll, setTheme, snap } from './helpers.js';

describe.runIf(hasChromium)('destination check journey', () => {
  let journey: Journey;
  let destination: http.Server;
  let destinationOrigin = '';

  beforeAll(async () => {
    // A destination of the journey's own on loopback: /moved redirects to /gone, which answers 404.
    destination = http.createServer((request, response) => {
      if (request.url === '/moved') response.writeHead(301, { location: '/gone' }).end();
      else response.writeHead(404).end('gone');
    });
    await new Promise<void>((resolve) => destination.listen(0, '127.0.0.1', resolve));
    destinationOrigin = `http://127.0.0.1:${(destination.address() as AddressInfo).port}`; // TCP, so AddressInfo
    // The address guard refuses loopback unless the operator allows private targets.
    journey = await startJourney({ replayAllowPrivate: true });
  });
  afterAll(async () => {
    await journey.close();
    await new Promise<void>((resolve) => destination.close(() => resolve()));
  });

  it('shows a broken destination with its redirect chain, and marks it in the list', async () => {
    const { page, origin } = journey;
    await page.goto(`${origin}/url-shortener`);
    await page.getByRole('textbox', { name: 'Long URL to shorten' }).fill(`${destinationOrigin}/moved`);
    await page.getByRole('button', { name: 'Shorten' }).click();
    await expectToastStartingWith(page, 'URL added successfully!');
    const card = page.getByTestId('link-check');
    await poll(() => card.getByRole('status').textContent()).toBe('Not checked yet.');

    await card.getByRole('button', { name: 'Check destination' }).click();
    await poll(() => card.getByRole('status').locator('.badge').textContent()).toBe('Broken');
    expect(await card.getByText('The destination answered 404.').count()).toBe(1);
    const chain = card.getByRole('list', { name: 'Answers on the way' }).getByRole('listitem');
    expect(await chain.allTextContents()).toEqual([
      `301 ${destinationOrigin}/moved`,
      `404 ${destinationOrigin}/gone`,
    ]);
    const list = page.getByRole('list', { name: 'Your URLs' });
    await poll(() => list.getByText('Broken', { exact: true }).count()).toBe(1);

    await snap(page, 'link-check-light');
    await setTheme(page, 'dark');
    await snap(page, 'link-check-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'link-check-phone');
    expect(journey.pageErrors).toEqual([]);
  });
});
