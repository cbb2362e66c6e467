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

  it("shows this session's commands, and the copied one forwards a capture to a local app", async () => {
    const { page, origin } = journey;
    const webhookUrl = await openInspector(page, origin);
    const card = page
      .getByRole('heading', { name: 'Forward to your machine' })
      .locator('xpath=ancestor::section[contains(@class,"card")]');
    await card.getByRole('button', { name: 'Show commands' }).click();
    await poll(() =>
      card
        .getByText(`npx hookbay forward ${webhookUrl} --to http://localhost:3000/webhooks`, { exact: true })
        .count(),
    ).toBe(1);
    await snap(page, 'forward-light');
    await setTheme(page, 'dark');
    await snap(page, 'forward-dark');
    await setTheme(page, 'light');

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
});
