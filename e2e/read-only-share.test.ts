/**
 * A read-only share link, played by a stranger: the owner makes a link from the Share drawer; a
 * second browser with no session of the inspector opens it and sees the requests with the
 * Authorization header redacted (in the page, its HTML and the API answer), finds no control that
 * changes anything, and every state-changing route refuses the token; once the owner revokes the
 * link, the page and the API answer 410.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionRoutesOf } from '../server/src/features/access/session-routes.js';
import { hasChromium, launchVisitors, startJourney, type Journey, type Visitors } from './harness.js';
import { seriousFindings } from './axe.js';
import { clipboardText, expectText, expectToast, openInspector, poll, setTheme, snap } from './helpers.js';

const SECRET = 'Bearer sk_live_e2e_secret_4242';
const SIGNATURE = 'sha256=e2e_signature_secret';
const SIGNING_SECRET = 'e2e_share_signing_secret_77';
const ORDER_SCHEMA = { type: 'object', properties: { order: { type: 'string' } } };

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

describe.runIf(hasChromium)('Read-only share journey', () => {
  let journey: Journey;
  let visitors: Visitors;
  let stranger: Page;
  let webhookUrl: string;
  let shareUrl: string;
  let token: string;

  beforeAll(async () => {
    journey = await startJourney();
    visitors = await launchVisitors();
    stranger = await visitors.open();
  });
  afterAll(async () => {
    await visitors.close();
    await journey.close();
  });

  const ownerEvents = async () => {
    const sessionId = webhookUrl.split('/').at(-1) ?? '';
    const response = await fetch(`${journey.origin}/api/events`, { headers: { 'X-Session-ID': sessionId } });
    return (await response.json()) as { id: number; path: string }[];
  };

  it('the owner makes a read-only link of the whole inspector from the Share drawer', async () => {
    const { page, origin } = journey;
    webhookUrl = await openInspector(page, origin);
    // Judged on arrival: a GitHub secret the request's signature does not match, and a contract it breaks.
    const sessionId = webhookUrl.split('/').at(-1) ?? '';
    for (const [route, body] of [
      ['/api/signing-secrets', { name: 'orders', scheme: 'github-sha256', secret: SIGNING_SECRET }],
      ['/api/contracts', { name: 'order', schema: ORDER_SCHEMA }],
    ] as const) {
      const saved = await fetch(`${origin}${route}`, {
        method: 'POST',
        headers: { 'X-Session-ID': sessionId, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(saved.status, await saved.text()).toBeLessThan(300);
    }
    const sent = await fetch(`${webhookUrl}/orders`, {
      method: 'POST',
      headers: {
        Authorization: SECRET,
        'X-Hub-Signature-256': SIGNATURE,
        'X-Visible': 'shown-to-everyone',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ order: 42 }),
    });
    expect(sent.status).toBe(200);
    await expectText(page, '/orders');

    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Share this inspector' });
    await drawer.getByRole('button', { name: 'Create read-only link' }).click();
    shareUrl = await drawer.getByRole('textbox', { name: 'Read-only link' }).inputValue();
    expect(shareUrl).toMatch(new RegExp(`^${origin}/shared/hbs_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$`));
    token = shareUrl.split('/').at(-1) ?? '';
    await drawer.getByRole('button', { name: 'Copy link' }).click();
    await expectToast(page, 'Read-only link copied to clipboard');
    expect(await clipboardText(page)).toBe(shareUrl);
    const links = drawer.getByRole('table', { name: 'Links' });
    await poll(() => links.getByRole('row').nth(1).textContent()).toMatch(/^Whole inspector.*Never.*Working/);
    await snap(page, 'share-drawer');
  });

  it('a stranger opens the link and sees the request, with Authorization redacted everywhere', async () => {
    const response = await stranger.goto(shareUrl);
    expect(response?.status()).toBe(200);
    await expectText(stranger, 'Shared requests', 2);
    await expectText(stranger, 'Read only');
    await expectText(stranger, '/orders');
    const headers = stranger.getByRole('region', { name: 'Headers' });
    const authorization = headers.getByRole('row').filter({ hasText: /^authorization/i });
    await poll(() => authorization.textContent()).toBe('Authorization[redacted]');
    await expect(headers.getByRole('row').filter({ hasText: 'X-Visible' }).textContent()).resolves.toBe(
      'X-Visibleshown-to-everyone',
    );
    // The verdicts judged on arrival, as the owner sees them, with the secret's name only.
    const list = stranger.getByRole('list', { name: 'Shared requests' });
    for (const badge of ['Signature ✗', 'Contract ✗']) {
      await poll(() => list.getByText(badge, { exact: true }).count()).toBe(1);
    }
    await expectText(stranger, 'Invalid signature: wrong signature.');
    await poll(() => stranger.getByText('Checked with the secret "orders"').count()).toBe(1);
    await expectText(stranger, 'Breaks the contract "order" in 1 place:');
    const html = await stranger.content();
    const text = await stranger.evaluate(() => document.documentElement.outerHTML + document.body.innerText);
    for (const secret of ['sk_live_e2e_secret_4242', 'e2e_signature_secret', SIGNING_SECRET]) {
      expect(html).not.toContain(secret);
      expect(text).not.toContain(secret);
    }
    // What the page was answered, read by the stranger's own browser.
    const answer = await stranger.evaluate(
      async (path) => (await fetch(path)).text(),
      `/api/shared/${token}/events`,
    );
    expect(answer).toContain('[redacted]');
    expect(answer).not.toContain('sk_live_e2e_secret_4242');
    expect(answer).not.toContain('e2e_signature_secret');
    await snap(stranger, 'shared-page');
  });

  it('the shared page has no serious or critical WCAG 2 A/AA finding, in either theme', async () => {
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(stranger, theme);
      expect(await seriousFindings(stranger), theme).toEqual([]);
    }
  });

  it('no control on the shared page changes anything', async () => {
    const before = await ownerEvents();
    const area = stranger.locator('.shared-page');
    const names = await area
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.textContent?.trim() ?? ''));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names)
      expect(name).not.toMatch(/clear|delete|replay|forward|rule|response|revoke|access|setting|rename/i);
    for (const button of await area.getByRole('button').all()) await button.click();
    expect(await ownerEvents()).toEqual(before);
    const links = await area
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).pathname));
    expect(links).toEqual([`/api/shared/${token}/export`, `/api/shared/${token}/export`]);
  });

  it('every route that changes state refuses the token (401/403), and the link has no route that changes state', async () => {
    const routes = new Set(journey.app.registeredRoutes.map(({ method, url }) => `${method} ${url}`));
    for (const route of routes) {
      const [method, url] = route.split(' ') as [string, string];
      if (url.startsWith('/shared/') || url.startsWith('/api/shared/'))
        expect(READ_METHODS, route).toContain(method);
    }
    const changing = sessionRoutesOf(journey.app).filter(
      (route) => !READ_METHODS.has(route.split(' ')[0] ?? ''),
    );
    expect(changing.length).toBeGreaterThan(30);
    for (const route of changing) {
      const [method, pattern] = route.split(' ') as [string, string];
      const url = pattern.replace(/:[A-Za-z]+/g, (name) => (name === ':id' ? '1' : 'x'));
      const response = await stranger.evaluate(
        async ({ method, url, token }) => {
          const answer = await fetch(url, {
            method,
            // A DELETE carries no body, so no content type that would ask for one.
            headers: {
              Authorization: `Bearer ${token}`,
              ...(method === 'DELETE' ? {} : { 'Content-Type': 'application/json' }),
            },
            ...(method === 'DELETE' ? {} : { body: '{}' }),
          });
          return answer.status;
        },
        { method, url, token },
      );
      expect([401, 403], route).toContain(response);
    }
    expect((await ownerEvents()).map((event) => event.path)).toEqual(['/orders']);
  });

  it('a link to the selected request shows that request alone', async () => {
    const { page } = journey;
    expect((await fetch(`${webhookUrl}/other`, { method: 'POST', body: 'other' })).status).toBe(200);
    await expectText(page, '/other');
    await page.keyboard.press('Escape');
    const rows = page.getByRole('list', { name: 'Requests' }).getByRole('listitem');
    await rows.filter({ hasText: '/orders' }).locator('span.request-path').click();
    const ordersId = (await ownerEvents()).find((event) => event.path === '/orders')?.id;
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Share this inspector' });
    await drawer.getByLabel(`The selected request (#${ordersId})`).check();
    await drawer.getByRole('button', { name: 'Create read-only link' }).click();
    await poll(() => drawer.getByRole('row', { name: new RegExp(`^Request #${ordersId}`) }).count()).toBe(1);
    const requestUrl = await drawer.getByRole('textbox', { name: 'Read-only link' }).inputValue();
    expect(requestUrl).not.toBe(shareUrl);

    await stranger.goto(requestUrl);
    const listed = stranger.getByRole('list', { name: 'Shared requests' }).getByRole('listitem');
    await poll(() => listed.allTextContents()).toEqual([expect.stringContaining('/orders')]);
    expect(await stranger.content()).not.toContain('/other');
  });

  it('after the owner revokes the link, the page and the API say 410', async () => {
    const { page } = journey;
    const drawer = page.getByRole('dialog', { name: 'Share this inspector' });
    await drawer.getByRole('button', { name: 'Revoke the link to whole inspector' }).click();
    await expectToast(page, 'Link revoked');
    await poll(() => drawer.getByRole('row', { name: /^Whole inspector/ }).textContent()).toMatch(/Revoked$/);

    const response = await stranger.goto(shareUrl);
    expect(response?.status()).toBe(410);
    await expectText(stranger, 'This share link was revoked');
    const api = await stranger.evaluate(async (path) => {
      const answer = await fetch(path);
      return { status: answer.status, body: (await answer.json()) as unknown };
    }, `/api/shared/${token}/events`);
    expect(api).toEqual({
      status: 410,
      body: { reason: 'revoked', error: 'This share link was revoked by the inspector’s owner.' },
    });
    expect(await stranger.content()).not.toContain('/orders');
    expect(await seriousFindings(stranger)).toEqual([]);
    await snap(stranger, 'shared-revoked');
    expect(journey.pageErrors).toEqual([]);
  });
});
