import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { clipboardText, expectToast, openInspector, poll, setTheme, snap } from './helpers.js';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A local HTTP server the replay is sent to; it keeps what arrives and answers 202 with a text. */
async function startTarget() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(202, { 'Content-Type': 'text/plain', 'X-Target': 'journey' });
      response.end('queued by the target');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // a TCP listener always has an AddressInfo
  return {
    url: `http://127.0.0.1:${port}/incoming`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const BODY = JSON.stringify({ event: 'invoice.paid', amount: 1299, note: 'grüße' });

describe.runIf(hasChromium)('Replay journey', () => {
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

  it('sends a captured request to a local server and shows its answer', async () => {
    const { page, origin } = journey;
    const webhookUrl = await openInspector(page, origin);

    const captured = await fetch(`${webhookUrl}/billing`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Hook-Signature': 't=1,v1=abc' },
      body: BODY,
    });
    expect(captured.ok).toBe(true);
    await poll(() => page.getByRole('region', { name: 'Request Body' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Replay request' });
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Method').inputValue()).toBe('POST');
    expect(await dialog.getByLabel('Body').inputValue()).toBe(BODY);
    await dialog.getByLabel('Target URL').fill(target.url);
    await dialog.getByRole('button', { name: 'Send' }).click();

    const answer = dialog.getByRole('region', { name: 'Answer' });
    await poll(() => answer.getByLabel('Status').textContent()).toBe('202');
    expect(await answer.getByLabel('Status').getAttribute('class')).toContain('bg-success');
    expect(await answer.locator('pre').textContent()).toBe('queued by the target');
    expect(await answer.getByText(/^\d[\d,]* ms$/).count()).toBe(1);

    expect(target.received).toHaveLength(1);
    const [received] = target.received;
    expect(received?.method).toBe('POST');
    expect(received?.url).toBe('/incoming');
    expect(received?.body.equals(Buffer.from(BODY))).toBe(true);
    expect(received?.headers['x-hook-signature']).toBe('t=1,v1=abc');
    expect(received?.headers.host).toBe(new URL(target.url).host);

    await snap(page, 'replay-light');
    expect(journey.pageErrors).toEqual([]);
  });

  it('remembers the target URL for the session when the dialog opens again', async () => {
    const { page } = journey;
    await page
      .getByRole('dialog', { name: 'Replay request' })
      .getByRole('button', { name: 'Close' })
      .last()
      .click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    await setTheme(page, 'dark');
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Replay request' });
    await poll(() => dialog.getByLabel('Target URL').inputValue()).toBe(target.url);
    expect(await dialog.getByText('Send the request to see the target’s answer here.').count()).toBe(1);

    await dialog.getByRole('button', { name: 'Send' }).click();
    await poll(() => dialog.getByLabel('Status').textContent()).toBe('202');
    expect(target.received).toHaveLength(2);
    await snap(page, 'replay-dark');
    expect(journey.pageErrors).toEqual([]);
  });
});

describe.runIf(hasChromium)('Replay to your own machine, refused by a public instance', () => {
  let journey: Journey;

  beforeAll(async () => {
    journey = await startJourney();
  });
  afterAll(async () => {
    await journey?.close();
  });

  it('offers the same replay as a hookbay command, filled in, with Copy', async () => {
    const { page, origin } = journey;
    const webhookUrl = await openInspector(page, origin);
    const captured = await fetch(`${webhookUrl}/billing`, { method: 'POST', body: BODY });
    const { id } = (await captured.json()) as { id: number };
    await poll(() => page.getByRole('region', { name: 'Request Body' }).count()).toBe(1);
    // The id the command needs is in sight in the details.
    expect(await page.getByTestId('event-id').textContent()).toBe(`#${id}`);

    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Replay request' });
    await dialog.getByLabel('Target URL').fill('http://127.0.0.1:3000/webhooks');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await poll(() => dialog.getByRole('alert').textContent()).toContain('is refused');

    const local = dialog.getByRole('region', { name: 'Replay from your machine' });
    const command = `npx hookbay replay ${webhookUrl} ${id} --to http://127.0.0.1:3000/webhooks`;
    expect(await local.getByTestId('local-replay-command').textContent()).toBe(command);
    await local.getByRole('button', { name: 'Copy command' }).click();
    await expectToast(page, 'Command copied to clipboard');
    expect(await clipboardText(page)).toBe(command);
    await snap(page, 'replay-refused-light');
    expect(journey.pageErrors).toEqual([]);
  });
});
