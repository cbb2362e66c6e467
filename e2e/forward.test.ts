import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTarget, type TargetServer } from '../server/src/features/forwarding/cli-process.js';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { clipboardText, openInspector, poll, setTheme, snap } from './helpers.js';

describe.runIf(hasChromium)('Forward to your machine journey', () => {
  let journey: Journey;
  let target: TargetServer;
  let forwarder: ChildProcess | null = null;
  let webhookUrl = '';

  beforeAll(async () => {
    journey = await startJourney();
    target = await startTarget({ status: 200, body: 'thanks' });
  });
  afterAll(async () => {
    if (forwarder?.pid && forwarder.exitCode === null) {
      const exited = new Promise((resolve) => forwarder?.once('close', resolve));
      process.kill(forwarder.pid, 'SIGINT');
      await exited;
    }
    await target.close();
    await journey.close();
  });

  it("shows this session's commands, and the copied one forwards a capture to a local app, shown connected", async () => {
    const { page, origin } = journey;
    webhookUrl = await openInspector(page, origin);
    const card = page.getByRole('dialog', { name: 'Forward to your machine' });
    const button = page.getByRole('button', { name: /^Forward/ });
    expect(await button.textContent()).toBe('Forward:to your machine');
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await button.click();
      await poll(() => card.isVisible()).toBe(true);
      await snap(page, `forward-${theme}`);
      await page.keyboard.press('Escape');
      await poll(() => card.count()).toBe(0);
    }
    await setTheme(page, 'light');
    await button.click();
    await poll(() =>
      card
        .getByText(`npx hookbay forward ${webhookUrl} --to http://localhost:3000/webhooks`, { exact: true })
        .count(),
    ).toBe(1);
    await poll(() => card.getByRole('status').textContent()).toBe(
      'No forwarder is connected. Run one of these where your app runs:',
    );

    await card.getByRole('button', { name: 'Copy command' }).first().click();
    const copied = await clipboardText(page);
    expect(copied).toBe(
      `curl -sO ${origin}/cli/hookbay.mjs && node hookbay.mjs forward ${webhookUrl} --to http://localhost:3000/webhooks`,
    );

    // Run it as a user would, in an empty folder, pointed at this test's local app instead.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-forward-'));
    const [download, run] = copied.split(' && ') as [string, string];
    // Not execFileSync: the server answering curl runs in this very process.
    await promisify(execFile)('sh', ['-c', download], { cwd: folder });
    const [, ...args] = run.replace('http://localhost:3000/webhooks', `${target.url}/webhooks`).split(' ');
    const started = spawn(process.execPath, args, { cwd: folder, stdio: ['ignore', 'ignore', 'pipe'] });
    forwarder = started;
    let stderr = '';
    started.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    await poll(() => stderr).toContain('Forwarding');
    // The drawer, still open, and the header see it connect.
    await poll(() => card.getByRole('status').textContent()).toBe(
      'A forwarder is connected: each request is sent on to its target.',
    );
    await page.keyboard.press('Escape');
    await poll(() => button.textContent()).toBe('Forward:1 connected');

    const sent = await fetch(`${webhookUrl}/github?delivery=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Hub-Signature-256': 'sha256=abc' },
      body: '{"zen":"Keep it logically awesome."}',
    });
    expect(sent.status).toBe(200);
    await poll(() => target.received.length).toBe(1);
    expect(target.received[0]?.url).toBe('/webhooks/github?delivery=1');
    expect(target.received[0]?.body.toString()).toBe('{"zen":"Keep it logically awesome."}');
    expect(target.received[0]?.rawHeaders).toContainEqual(['X-Hub-Signature-256', 'sha256=abc']);
    await poll(() => page.getByRole('list', { name: 'Requests' }).getByRole('listitem').count()).toBe(1);
    expect(journey.pageErrors).toEqual([]);
  });

  it('each request shows what the local app answered once the forwarder reports it', async () => {
    const { page } = journey;
    const row = page.getByRole('list', { name: 'Requests' }).getByRole('listitem').first();
    const id = Number((await row.textContent())?.match(/#(\d+)/)?.[1]);
    // The running forwarder's own report comes first, so that it cannot overtake the one below.
    await poll(() => row.getByTestId('forward-result').textContent()).toBe('→ 200');
    // What `hookbay forward` sends after passing a request on.
    const sessionId = webhookUrl.split('/').at(-1) ?? '';
    const reported = await fetch(`${journey.origin}/api/events/${id}/forwarded`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Session-ID': sessionId },
      body: JSON.stringify({ status: 500, ms: 12 }),
    });
    expect(reported.status).toBe(200);
    await poll(() => row.getByTestId('forward-result').textContent()).toBe('→ 500');
    await page.reload();
    await poll(() => row.getByTestId('forward-result').textContent()).toBe('→ 500');
  });

  it('the header says so when the forwarder stops', async () => {
    const { page } = journey;
    const stopped = forwarder;
    if (stopped?.pid && stopped.exitCode === null) {
      const exited = new Promise((resolve) => stopped.once('close', resolve));
      process.kill(stopped.pid, 'SIGINT');
      await exited;
    }
    await poll(() => page.getByRole('button', { name: /^Forward/ }).textContent()).toBe(
      'Forward:to your machine',
    );
    expect(journey.pageErrors).toEqual([]);
  });
});
