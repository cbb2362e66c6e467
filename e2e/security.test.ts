/**
 * Every page, in both themes, under the real Content-Security-Policy: any violation (reported by
 * the browser through `securitypolicyviolation`) or console error fails the journey.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_CHROME_UA, hasChromium, screenshot, startJourney, type Journey } from './harness.js';
import { dismissToasts, expectToast, grantAdminWithCli, poll, setTheme, settle } from './helpers.js';

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
}

interface Links {
  plain: string;
  locked: string;
  expired: string;
}

const PAGES: { path: (links: Links) => string; ready: (page: Page) => Promise<void> }[] = [
  { path: () => '/', ready: (page) => visible(page, page.getByRole('heading', { name: 'Our Tools' })) },
  { path: () => '/webhook', ready: (page) => visible(page, page.getByText('Request Info')) },
  { path: () => '/url-shortener', ready: (page) => visible(page, page.getByText('Space Saved')) },
  {
    path: (links) => `/url-shortener/analytics/${links.plain}`,
    ready: (page) => visible(page, page.getByRole('table', { name: 'Click Details' })),
  },
  { path: () => '/suggestions', ready: (page) => visible(page, page.getByText('Check the policy')) },
  { path: () => '/admin', ready: (page) => visible(page, page.getByText('Check the policy')) },
  { path: () => '/about', ready: heading },
  { path: () => '/terms', ready: heading },
  { path: () => '/privacy', ready: heading },
  { path: () => '/cron-scheduler', ready: heading },
  { path: () => '/request-parser', ready: heading },
  { path: () => '/no-such-page', ready: (page) => visible(page, page.getByText('Page not found')) },
  { path: () => '/s/no-such-link', ready: (page) => visible(page, page.getByText('Page not found')) },
  { path: (links) => `/s/${links.locked}`, ready: (page) => visible(page, page.getByLabel('Password')) },
  { path: (links) => `/s/${links.expired}`, ready: heading },
  { path: () => '/api/docs', ready: (page) => visible(page, page.getByText('Hookbay API')) },
];

async function visible(page: Page, locator: ReturnType<Page['getByText']>): Promise<void> {
  await poll(() => locator.first().isVisible()).toBe(true);
  await settle(page);
}

function heading(page: Page): Promise<void> {
  return visible(page, page.locator('h1'));
}

describe.runIf(hasChromium)('security headers in the browser', () => {
  let journey: Journey;
  let links: Links;
  const violations: Violation[] = [];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-e2e-security-'));
    journey = await startJourney({ dataDir });
    const { context, page, origin } = journey;
    await context.exposeFunction('reportCspViolation', (violation: Violation) => violations.push(violation));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportCspViolation: (v: unknown) => void }).reportCspViolation;
        report({
          page: location.pathname,
          directive: event.violatedDirective,
          blocked: event.blockedURI,
          sample: event.sample,
        });
      });
    });
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // An unknown short link's page answers 404 and an expired one's 410 on purpose; Chromium logs
      // that status for the document itself. Errors may arrive before `links` is set below.
      const isLinkPage = ['/s/no-such-link', `/s/${links?.expired}`].some((path) =>
        message.location().url.endsWith(path),
      );
      if (/status of 4(04|10)/.test(message.text()) && isLinkPage) return;
      consoleErrors.push(`${page.url()}: ${message.text()}`);
    });

    // Data for every screen to show its full content: a captured request, a link with a click,
    // a suggestion, and admin rights for this browser.
    await page.goto(`${origin}/webhook`);
    // Not sessionIdOf: expect.poll only works inside a test.
    const sessionId = String(
      await (await page.waitForFunction(() => localStorage.getItem('userSessionId'))).jsonValue(),
    );
    const headers = { 'x-session-id': sessionId, 'content-type': 'application/json' };
    await fetch(`${origin}/webhook/${sessionId}/csp?x=1`, { method: 'POST', headers, body: '{"a":1}' });
    const link = await fetch(`${origin}/api/urls`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: 'https://example.com/a-long-enough-path-to-save-some-space-here' }),
    });
    const linkId = ((await link.json()) as { id: string }).id;
    const createLink = async (options: Record<string, unknown>) => {
      const created = await fetch(`${origin}/api/urls`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: 'https://example.com/locked', ...options }),
      });
      return ((await created.json()) as { id: string }).id;
    };
    const expired = await createLink({});
    await fetch(`${origin}/api/urls/${expired}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ url: 'https://example.com/locked', expiresAt: '2020-01-01T00:00:00Z' }),
    });
    links = { plain: linkId, locked: await createLink({ password: 'open sesame' }), expired };
    await fetch(`${origin}/s/${linkId}`, {
      redirect: 'manual',
      headers: { 'user-agent': DESKTOP_CHROME_UA },
    });
    await fetch(`${origin}/api/suggestions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Check the policy', description: 'd', category: 'general', email: '' }),
    });
    await page.goto(await grantAdminWithCli(dataDir, origin, sessionId));
    await page.waitForURL(`${origin}/admin`);
  });
  afterAll(async () => {
    await journey.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`every page in the ${theme} theme loads without a policy violation or console error`, async () => {
      const { page, origin } = journey;
      await page.goto(origin);
      await setTheme(page, theme);
      for (const { path: pathOf, ready } of PAGES) {
        await page.goto(`${origin}${pathOf(links)}`);
        await ready(page);
        // The API reference is Swagger UI's own page, outside the app's themes.
        if (!pathOf(links).startsWith('/api/')) {
          expect(await page.locator('html').getAttribute('data-bs-theme')).toBe(theme);
        }
      }
      // A toast and a modal: both are styled from JavaScript.
      await page.goto(`${origin}/webhook`);
      await page.getByRole('button', { name: 'Copy', exact: true }).click();
      await expectToast(page, 'Webhook URL copied to clipboard');
      await dismissToasts(page);
      await page.goto(`${origin}/url-shortener`);
      await page.getByRole('button', { name: 'Add URL' }).first().click();
      await poll(() => page.getByRole('dialog').isVisible()).toBe(true);
      await settle(page);
      await screenshot(page, `security-modal-${theme}`);
      await page.keyboard.press('Escape');
      await poll(() => page.getByRole('dialog').count()).toBe(0);

      expect(violations).toEqual([]);
      expect(consoleErrors).toEqual([]);
      expect(journey.pageErrors).toEqual([]);
    });
  }
});
