/**
 * Every screen of Hookbay with the data it needs to show its full content, for the journeys that
 * look at all of them at once (accessibility, narrow screens): captured requests with one open,
 * links with clicks and one selected, a password-protected link, suggestions an admin answered, and
 * admin rights for the journey's browser.
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
    // Every seeded request listed and the newest one open.
    ready: async (page) => {
      await poll(() => page.locator('.request-row').count()).toBe(SEEDED_REQUESTS.length);
      await visible(page, page.locator('.request-row [aria-current="true"]'));
      await visible(page, page.getByText('Request Info'));
    },
    isInspector: true,
  },
  {
    name: 'shortener',
    path: () => '/url-shortener',
    // Three links listed, one selected with its clicks.
    ready: async (page) => {
      await visible(page, page.getByText('Space Saved'));
      await visible(page, page.locator('[aria-current="true"]'));
    },
  },
  {
    name: 'analytics',
    path: (links) => `/url-shortener/analytics/${links.plain}`,
    ready: (page) => visible(page, page.getByRole('heading', { name: 'Click Details' })),
  },
  {
    name: 'suggestions',
    path: () => '/suggestions',
    // The person's own suggestions with the admin's answers.
    ready: (page) => visible(page, page.getByText('Confirmed, thank you for the clear steps.')),
  },
  {
    name: 'admin',
    path: () => '/admin',
    ready: async (page) => {
      await visible(page, page.getByText('Seeded suggestion'));
      await visible(page, page.getByText('Export requests as HAR'));
    },
  },
  {
    name: 'admin-links',
    path: () => '/admin/links',
    // The tab lists links once searched for.
    ready: async (page) => {
      await page.getByLabel('Destination host or link id').fill('example.com');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await visible(page, page.getByText('https://docs.example.com/guides/getting-started/webhooks'));
    },
  },
  {
    name: 'admin-sessions',
    path: () => '/admin/sessions',
    ready: (page) => visible(page, page.locator('table tbody tr')),
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

/** Requests the seeded session's webhook URL receives, oldest first: the last one, an order, is open. */
export const SEEDED_REQUESTS: readonly { path: string; init: RequestInit }[] = [
  {
    path: '/github',
    init: {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'GitHub-Hookshot/7c1a2b3',
        'x-github-event': 'push',
        'x-github-delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958',
      },
      body: JSON.stringify({ ref: 'refs/heads/main', repository: { full_name: 'acme/shop' }, commits: [] }),
    },
  },
  {
    path: '/forms/contact',
    init: {
      method: 'PUT',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Ada+Lovelace&email=ada%40example.com&message=Hello',
    },
  },
  { path: '/health?check=deep', init: { method: 'GET' } },
  {
    path: '/invoices/inv_2045',
    init: {
      method: 'PATCH',
      headers: { 'content-type': 'text/plain' },
      body: 'status=void',
    },
  },
  { path: '/orders/1042', init: { method: 'DELETE' } },
  {
    path: '/orders?source=e2e',
    init: {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'acme-shop/2.4 (+https://shop.example.com)',
      },
      body: JSON.stringify({
        order: 1042,
        status: 'paid',
        total: { amount: '59.90', currency: 'EUR' },
        items: [{ sku: 'MUG-01', quantity: 2 }],
      }),
    },
  },
];

/** Sends SEEDED_REQUESTS to the session's webhook URL, as the senders would. */
export async function sendSeededRequests(origin: string, sessionId: string): Promise<void> {
  for (const request of SEEDED_REQUESTS) {
    const answer = await fetch(`${origin}/webhook/${sessionId}${request.path}`, request.init);
    if (!answer.ok) throw new Error(`capturing ${request.path} answered ${answer.status}`);
  }
}

/** Browsers that open the seeded link, so its analytics list several clicks. */
const CLICKERS = [
  DESKTOP_CHROME_UA,
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0',
];

/** Suggestions the session sends, and how an admin then answers each (null: left pending). */
const SUGGESTIONS: readonly {
  title: string;
  description: string;
  category: string;
  answer: { status: string; adminNotes: string } | null;
}[] = [
  {
    title: 'Seeded suggestion',
    description: 'A suggestion for the screens to show.',
    category: 'feature_request',
    answer: null,
  },
  {
    title: 'Export requests as HAR',
    description: 'I would like to open captured requests in my browser’s network panel.',
    category: 'feature_request',
    answer: { status: 'in_progress', adminNotes: 'Being built now; it should arrive in the next release.' },
  },
  {
    title: 'Copy button misses the query string',
    description: 'Copying the URL of a request leaves out everything after the question mark.',
    category: 'bug_report',
    answer: { status: 'approved', adminNotes: 'Confirmed, thank you for the clear steps.' },
  },
  {
    title: 'Dark theme for the emails',
    description: 'The notification emails are always light.',
    category: 'improvement',
    answer: { status: 'rejected', adminNotes: 'Hookbay sends no emails, so there is nothing to theme.' },
  },
];

/**
 * Opens the Webhook Inspector in the journey's browser and gives its session realistic data:
 * requests sent to its webhook URL, short links with clicks, suggestions an admin has answered.
 * Makes that browser an admin on the way (the journey's app must keep its data in `dataDir`).
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

  await sendSeededRequests(origin, sessionId);
  const createLink = async (body: Record<string, unknown>) =>
    ((await (await post('/api/urls', body)).json()) as { id: string }).id;
  await createLink({ url: 'https://shop.example.com/spring-sale?utm_source=newsletter' });
  const locked = await createLink({ url: 'https://example.com/locked', password: 'open sesame' });
  const plain = await createLink({ url: 'https://docs.example.com/guides/getting-started/webhooks' });
  for (const userAgent of CLICKERS) {
    await fetch(`${origin}/s/${plain}`, { redirect: 'manual', headers: { 'user-agent': userAgent } });
  }
  const suggestionIds: number[] = [];
  for (const { title, description, category } of SUGGESTIONS) {
    const answer = await post('/api/suggestions', { title, description, category, email: '' });
    suggestionIds.push(((await answer.json()) as { id: number }).id);
  }

  await page.goto(await grantAdminWithCli(dataDir, origin, sessionId));
  await page.waitForURL(`${origin}/admin`);
  // The admin answers through the browser, which holds the admin cookie.
  for (const [index, { answer }] of SUGGESTIONS.entries()) {
    if (!answer) continue;
    const status = await page.evaluate(
      async ({ id, body, session }) =>
        (
          await fetch(`/api/admin/suggestions/${id}`, {
            method: 'PUT',
            headers: { 'x-session-id': session, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      { id: suggestionIds[index], body: answer, session: sessionId },
    );
    if (status !== 200) throw new Error(`answering a suggestion answered ${status}`);
  }
  return { plain, locked };
}
