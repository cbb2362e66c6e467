/**
 * A stranger on a public instance plays their tricks against a visitor's Chromium: a link to the
 * stranger's webhook URL, a scripted answer that tries to run as the app, a forwarded answer that
 * tries to set or wipe the app's cookies and storage. A password link leads to another origin.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTarget,
  runCli,
  untilForwarding,
  type CliRun,
  type TargetServer,
} from '../server/src/features/forwarding/cli-process.js';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { openInspector, poll } from './helpers.js';

interface StoredEvent {
  path: string;
  headers: Record<string, string>;
  body: string;
}

describe.runIf(hasChromium)('a public instance, as a stranger tries it', () => {
  let journey: Journey;
  let target: TargetServer;

  beforeAll(async () => {
    journey = await startJourney();
    target = await startTarget({ status: 200, body: 'ok' });
  });
  afterAll(async () => {
    await target.close();
    await journey.close();
  });

  /** A session of the stranger's own, started the way any API client starts one. */
  async function strangerSession(): Promise<string> {
    const response = await fetch(`${journey.origin}/api/user`, { method: 'POST' });
    const { sessionId } = (await response.json()) as { sessionId: string };
    return sessionId;
  }

  function strangerApi(sessionId: string, path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${journey.origin}${path}`, {
      ...init,
      headers: { 'X-Session-ID': sessionId, 'Content-Type': 'application/json', ...init.headers },
    });
  }

  async function strangerEvents(sessionId: string): Promise<StoredEvent[]> {
    const response = await strangerApi(sessionId, '/api/events');
    return (await response.json()) as StoredEvent[];
  }

  async function visitorSession(page: Page): Promise<string> {
    const webhookUrl = await openInspector(page, journey.origin);
    return webhookUrl.slice(webhookUrl.lastIndexOf('/') + 1);
  }

  /** Back on the app: the visitor's key to their inspector is still where it was. */
  async function storedSessionId(page: Page): Promise<string | null> {
    await page.goto(`${journey.origin}/about`);
    return page.evaluate(() => localStorage.getItem('userSessionId'));
  }

  it("opening a stranger's webhook URL hands them no session id", async () => {
    const { page } = journey;
    const visitor = await visitorSession(page);
    const stranger = await strangerSession();

    await page.goto(`${journey.origin}/webhook/${stranger}/look-at-this`);
    await poll(async () => (await strangerEvents(stranger)).length).toBe(1);
    const [captured] = await strangerEvents(stranger);
    expect(captured?.path).toBe('/look-at-this');
    expect(JSON.stringify(captured?.headers)).not.toContain(visitor);
    expect(Object.keys(captured?.headers ?? {}).map((name) => name.toLowerCase())).not.toContain('cookie');
  });

  it("a scripted HTML answer does not run as the app, and reads nothing of the visitor's", async () => {
    const { page } = journey;
    const visitor = await visitorSession(page);
    const stranger = await strangerSession();
    const script = `document.title = 'ran';
      localStorage.setItem('planted', 'yes');
      fetch('/webhook/${stranger}/loot', { method: 'POST', body: String(localStorage.getItem('userSessionId')) });`;
    const saved = await strangerApi(stranger, '/api/responses', {
      method: 'PUT',
      body: JSON.stringify({
        rules: [
          {
            method: '*',
            path: '/trap',
            responses: [
              {
                status: 200,
                headers: { 'Content-Type': 'text/html' },
                body: `<title>trap</title><script>${script}</script>`,
              },
            ],
          },
        ],
      }),
    });
    expect(saved.status).toBe(200);

    await page.goto(`${journey.origin}/webhook/${stranger}/trap`);
    await page.waitForLoadState('load');
    expect(await page.title()).toBe('trap');
    expect(await storedSessionId(page)).toBe(visitor);
    expect(await page.evaluate(() => localStorage.getItem('planted'))).toBeNull();
    const paths = (await strangerEvents(stranger)).map((event) => event.path);
    expect(paths).toEqual(['/trap']);
  });

  it("a forwarded answer cannot set the app's cookies or wipe its storage", async () => {
    const { page, context } = journey;
    const visitor = await visitorSession(page);
    const stranger = await strangerSession();
    target.answer = {
      status: 200,
      headers: [
        ['Content-Type', 'text/html'],
        ['Set-Cookie', 'planted=yes; Path=/'],
        ['Clear-Site-Data', '"storage", "cookies"'],
      ],
      body: '<title>forwarded</title><p>hello</p>',
    };
    const forwarder: CliRun = runCli([
      'forward',
      `${journey.origin}/webhook/${stranger}`,
      '--to',
      target.url,
      '--respond',
    ]);
    try {
      await untilForwarding(forwarder);
      await page.goto(`${journey.origin}/webhook/${stranger}/wipe`);
      expect(await page.title()).toBe('forwarded');
    } finally {
      await forwarder.stop();
    }
    const cookies = (await context.cookies()).map((cookie) => cookie.name);
    expect(cookies).not.toContain('planted');
    expect(cookies).toContain('hookbay_session');
    expect(await storedSessionId(page)).toBe(visitor);
  });

  it('a password link leads to its destination on another origin', async () => {
    const { page } = journey;
    const owner = await strangerSession();
    target.answer = { status: 200, headers: [['Content-Type', 'text/html']], body: '<title>Arrived</title>' };
    const created = await strangerApi(owner, '/api/urls', {
      method: 'POST',
      body: JSON.stringify({ url: `${target.url}/landing`, password: 'open sesame' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await page.goto(`${journey.origin}/s/${id}`);
    await page.getByLabel('Password').fill('open sesame');
    await page.getByRole('button', { name: 'Continue' }).click();
    await poll(() => page.url()).toBe(`${target.url}/landing`);
    expect(await page.title()).toBe('Arrived');
    expect(journey.pageErrors).toEqual([]);
  });
});
