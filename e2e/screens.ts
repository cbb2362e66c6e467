/**
 * Every screen of Hookbay with the data it needs to show its full content, for the journeys that
 * look at all of them at once (accessibility, narrow screens): a captured request, a link with a
 * click, a password-protected link, a suggestion, and admin rights for the journey's browser.
 */
import type { Locator, Page } from 'playwright-core';
import { DESKTOP_CHROME_UA, type Journey } from './harness.js';
import { grantAdminWithCli, poll, settle } from './helpers.js';

export interface SeededLinks {
  /** A link with one click, for its analytics page. */
  plain: string;
  /** A password-protected link, for its password page. */
  locked: string;
}

export interface Screen {
  name: string;
  path: (links: SeededLinks) => string;
  /** Resolves once the screen shows its content. */
  ready: (page: Page) => Promise<void>;
  /** The Webhook Inspector: its own layout is looked after elsewhere. */
  isInspector?: boolean;
}

async function visible(page: Page, locator: Locator): Promise<void> {
  await poll(() => locator.first().isVisible()).toBe(true);
  await settle(page);
}

const heading = (page: Page) => visible(page, page.locator('h1'));

export const SCREENS: readonly Screen[] = [
  {
    name: 'landing',
    path: () => '/',
    ready: (page) => visible(page, page.getByRole('heading', { name: 'Our Tools' })),
  },
  {
    name: 'inspector',
    path: () => '/webhook',
    ready: (page) => visible(page, page.getByText('Request Info')),
    isInspector: true,
  },
  {
    name: 'shortener',
    path: () => '/url-shortener',
    ready: (page) => visible(page, page.getByText('Space Saved')),
  },
  {
    name: 'analytics',
    path: (links) => `/url-shortener/analytics/${links.plain}`,
    ready: (page) => visible(page, page.getByRole('heading', { name: 'Click Details' })),
  },
  {
    name: 'suggestions',
    path: () => '/suggestions',
    ready: (page) => visible(page, page.getByText('Seeded suggestion')),
  },
  {
    name: 'admin',
    path: () => '/admin',
    ready: (page) => visible(page, page.getByText('Seeded suggestion')),
  },
  { name: 'about', path: () => '/about', ready: heading },
  { name: 'terms', path: () => '/terms', ready: heading },
  { name: 'privacy', path: () => '/privacy', ready: heading },
  { name: 'cron-scheduler', path: () => '/cron-scheduler', ready: heading },
  { name: 'request-parser', path: () => '/request-parser', ready: heading },
  {
    name: 'not-found',
    path: () => '/no-such-page',
    ready: (page) => visible(page, page.getByText('Page not found')),
  },
  {
    name: 'link-password',
    path: (links) => `/s/${links.locked}`,
    ready: (page) => visible(page, page.getByLabel('Password')),
  },
  {
    name: 'api-docs',
    path: () => '/api/docs',
    ready: (page) => visible(page, page.getByText('Hookbay API')),
  },
];

/**
 * Opens the Webhook Inspector in the journey's browser, gives its session the data above and
 * makes that browser an admin (the journey's app must keep its data in `dataDir`).
 */
export async function seedScreens(journey: Journey, dataDir: string): Promise<SeededLinks> {
  const { page, origin } = journey;
  await page.goto(`${origin}/webhook`);
  // Not sessionIdOf: expect.poll only works inside a test.
  const sessionId = String(
    await (await page.waitForFunction(() => localStorage.getItem('userSessionId'))).jsonValue(),
  );
  const headers = { 'x-session-id': sessionId, 'content-type': 'application/json' };
  const post = (path: string, body: unknown) =>
    fetch(`${origin}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

  await post(`/webhook/${sessionId}/orders?source=e2e`, { order: 1042, status: 'paid' });
  const createLink = async (body: Record<string, unknown>) =>
    ((await (await post('/api/urls', body)).json()) as { id: string }).id;
  const plain = await createLink({ url: 'https://docs.example.com/guides/getting-started/webhooks' });
  const locked = await createLink({ url: 'https://example.com/locked', password: 'open sesame' });
  await fetch(`${origin}/s/${plain}`, { redirect: 'manual', headers: { 'user-agent': DESKTOP_CHROME_UA } });
  await post('/api/suggestions', {
    title: 'Seeded suggestion',
    description: 'A suggestion for the screens to show.',
    category: 'feature_request',
    email: '',
  });
  await page.goto(await grantAdminWithCli(dataDir, origin, sessionId));
  await page.waitForURL(`${origin}/admin`);
  return { plain, locked };
}
