/**
 * Signatures checked on arrival, as a visitor sees them: a Stripe signing secret added in the
 * Signatures drawer (its value shown once), requests signed the way Stripe documents it (with
 * node:crypto here, not Hookbay's own code) marked valid or invalid live, the reason in the
 * details, the sig:invalid search, and a 401 for an invalid signature once the secret refuses them.
 */
import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { expectText, openInspector, poll, setTheme, snap } from './helpers.js';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SECRET = 'whsec_journey_0123456789abcdefWXYZ';

const list = (page: Page) => page.getByRole('list', { name: 'Requests' });
const rows = (page: Page) => list(page).getByRole('listitem');
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Signatures' });
const signaturesButton = (page: Page) => page.getByRole('button', { name: /^Signatures/ });
const signatureSection = (page: Page) => page.getByRole('region', { name: 'Signature', exact: true });

/** Stripe's documented scheme: v1 is HMAC-SHA256 of "<t>.<raw body>" under the endpoint secret, in hex. */
function stripeSignature(body: string, secret: string): string {
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

async function sendStripe(webhookUrl: string, n: number, secret: string): Promise<number> {
  const body = JSON.stringify({ id: `evt_${n}`, type: 'payment_intent.succeeded' });
  const response = await fetch(`${webhookUrl}/stripe/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripeSignature(body, secret) },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

/** The row of the request with this id, as the list numbers it. */
const rowOf = (page: Page, id: number) => rows(page).filter({ hasText: `#${id} ·` });

async function rowsInView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const listElement = document.querySelector('[role="list"][aria-label="Requests"]');
    const scroller = listElement?.parentElement;
    if (!listElement || !scroller) return 0;
    const area = scroller.getBoundingClientRect();
    const bottom = Math.min(window.innerHeight, area.bottom);
    return Array.from(listElement.querySelectorAll('[role="listitem"]')).filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= Math.max(0, area.top) && box.bottom <= bottom;
    }).length;
  });
}

/** How many lines the header's drawer buttons take. */
function headerToolLines(page: Page): Promise<number> {
  return page.evaluate(() => {
    const tools = Array.from(document.querySelectorAll('.webhook-header-tools > *'));
    return new Set(tools.map((tool) => Math.round(tool.getBoundingClientRect().top))).size;
  });
}

async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

describe.runIf(hasChromium)('Signatures checked on arrival journey', () => {
  let journey: Journey;
  let webhookUrl = '';

  beforeAll(async () => {
    journey = await startJourney();
    await journey.page.setViewportSize(LAPTOP);
  });
  afterAll(async () => {
    await journey.close();
  });

  it('a Stripe secret added in the drawer is shown once, then only by its last 4 characters', async () => {
    const { page, origin } = journey;
    webhookUrl = await openInspector(page, origin);
    await poll(() => signaturesButton(page).textContent()).toBe('Signatures:none');
    expect(await headerToolLines(page)).toBe(1);
    await signaturesButton(page).click();
    await poll(() => drawer(page).isVisible()).toBe(true);
    await drawer(page).getByRole('button', { name: 'Add secret' }).click();
    await drawer(page).getByLabel('Name').fill('Stripe billing');
    await drawer(page).getByLabel('Scheme').selectOption({ label: 'Stripe' });
    await drawer(page).getByLabel('Signing secret').fill(SECRET);
    await drawer(page).getByLabel('Path glob').fill('/stripe/*');
    expect(await drawer(page).getByLabel('Tolerance (seconds)').inputValue()).toBe('300');
    await snap(page, 'signatures-form-light');
    await drawer(page).getByRole('button', { name: 'Save secret' }).click();

    await poll(() => drawer(page).getByTestId('new-secret').textContent()).toBe(SECRET);
    await expectText(
      page,
      'Secret "Stripe billing" added. Copy it now if you need it: it will not be shown again, only its last 4 characters.',
    );
    await snap(page, 'signatures-drawer-added-light');
    await drawer(page).getByRole('button', { name: 'Done' }).click();
    await poll(() => drawer(page).getByTestId('new-secret').count()).toBe(0);
    const item = drawer(page).getByRole('list', { name: 'Signatures' }).getByRole('listitem');
    await poll(() =>
      item.getByText('Stripe · /stripe/* · …WXYZ · tolerance 300 s', { exact: true }).count(),
    ).toBe(1);
    await page.keyboard.press('Escape');
    await poll(() => drawer(page).count()).toBe(0);
    await poll(() => signaturesButton(page).textContent()).toBe('Signatures:11 secret');
    // At 1280 wide the header's buttons keep one line, so the list keeps its rows.
    expect(await headerToolLines(page)).toBe(1);
    // Opened again, the drawer has only the hint: the server never answers the secret again.
    await signaturesButton(page).click();
    await poll(() => item.count()).toBe(1);
    expect(await page.getByText(SECRET).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(journey.pageErrors).toEqual([]);
  });

  it('a correctly signed and a wrongly signed request arrive live as valid and invalid, with the reason', async () => {
    const { page } = journey;
    expect(await sendStripe(webhookUrl, 1, SECRET)).toBe(200);
    expect(await sendStripe(webhookUrl, 2, 'whsec_someone_elses_secret')).toBe(200);
    await poll(() => rows(page).count()).toBe(2);
    const ids = (await rows(page).allTextContents()).map((text) => Number(/#(\d+) ·/.exec(text)?.[1]));
    const [invalidId, validId] = ids as [number, number];
    await poll(() => rowOf(page, validId).getByText('Signature ✓', { exact: true }).count()).toBe(1);
    const invalidBadge = rowOf(page, invalidId).getByText('Signature ✗', { exact: true });
    await poll(() => invalidBadge.count()).toBe(1);
    expect(await invalidBadge.getAttribute('title')).toBe(
      'Invalid signature: wrong signature (secret "Stripe billing").',
    );
    // The header counts the invalid one as it arrived.
    await poll(() => signaturesButton(page).textContent()).toBe('Signatures:1 ✗1 invalid');

    await rowOf(page, invalidId).getByRole('button').first().click();
    await poll(() => signatureSection(page).textContent()).toBe(
      'SignatureInvalid signature: wrong signature.' +
        'The Stripe-Signature signature does not match the secret.' +
        'Checked with the secret "Stripe billing" (Stripe).',
    );
    await snap(page, 'signatures-invalid-detail-light');
    await rowOf(page, validId).getByRole('button').first().click();
    await poll(() => signatureSection(page).textContent()).toBe(
      'SignatureValid signature, checked with the secret "Stripe billing" (Stripe).',
    );

    await page.getByLabel('Search requests').fill('sig:invalid');
    await poll(() => rows(page).count()).toBe(1);
    expect(await rowOf(page, invalidId).count()).toBe(1);
    await page.getByLabel('Search requests').fill('');
    await poll(() => rows(page).count()).toBe(2);
    expect(journey.pageErrors).toEqual([]);
  });

  it('a secret set to refuse invalid signatures answers 401, and the request is still listed', async () => {
    const { page } = journey;
    await signaturesButton(page).click();
    await drawer(page).getByRole('button', { name: 'Edit Stripe billing' }).click();
    await drawer(page)
      .getByLabel(/Answer 401 to an invalid signature/)
      .check();
    await drawer(page).getByRole('button', { name: 'Save secret' }).click();
    const item = drawer(page).getByRole('list', { name: 'Signatures' }).getByRole('listitem');
    await poll(() =>
      item
        .getByText('Stripe · /stripe/* · …WXYZ · tolerance 300 s · refuses invalid (401)', { exact: true })
        .count(),
    ).toBe(1);
    await page.keyboard.press('Escape');

    expect(await sendStripe(webhookUrl, 3, 'whsec_someone_elses_secret')).toBe(401);
    expect(await sendStripe(webhookUrl, 4, SECRET)).toBe(200);
    await poll(() => rows(page).count()).toBe(4);
    await poll(() => list(page).getByText('Signature ✗', { exact: true }).count()).toBe(2);
    await poll(() => signaturesButton(page).textContent()).toBe('Signatures:2 ✗2 invalid');
    expect(await signaturesButton(page).getAttribute('title')).toBe(
      'Signatures: 1 secret · 2 invalid. Each captured request is checked with the first signing secret whose path matches.',
    );
    expect(journey.pageErrors).toEqual([]);
  });

  it('with badges on every row the list keeps 10 rows at 1280x800, and fits a 390x844 phone in both themes', async () => {
    const { page } = journey;
    for (let n = 5; n <= 14; n += 1) expect(await sendStripe(webhookUrl, n, SECRET)).toBe(200);
    await poll(() => rows(page).count()).toBe(14);
    await snap(page, 'signatures-list-1280-light');
    await poll(() => rowsInView(page)).toBeGreaterThanOrEqual(10);
    expect(await headerToolLines(page)).toBe(1);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await setTheme(page, 'dark');
    await snap(page, 'signatures-list-1280-dark');
    await signaturesButton(page).click();
    await poll(() => drawer(page).isVisible()).toBe(true);
    await snap(page, 'signatures-drawer-1280-dark');
    await page.keyboard.press('Escape');
    await poll(() => drawer(page).count()).toBe(0);
    await setTheme(page, 'light');
    await snap(page, 'signatures-list-1280-light');

    await page.setViewportSize(PHONE);
    await page.reload();
    await poll(() => rows(page).count()).toBe(14);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await snap(page, 'signatures-list-390-light');
    // On a phone the mark is shortened, so that the sender's name stays whole beside it.
    await poll(() => list(page).getByText('Sig ✗', { exact: true }).count()).toBe(2);
    const provider = rows(page).first().getByTestId('provider-badge');
    expect(await provider.evaluate((badge) => badge.scrollWidth <= badge.clientWidth)).toBe(true);
    const invalid = rows(page).filter({ hasText: 'Sig ✗' }).first();
    await invalid.getByRole('button').first().click();
    await poll(() => signatureSection(page).isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await snap(page, 'signatures-detail-390-light');
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await poll(() => page.locator('html').getAttribute('data-bs-theme')).toBe('dark');
    await poll(() => rows(page).count()).toBe(14);
    await snap(page, 'signatures-list-390-dark');
    await signaturesButton(page).click();
    await poll(async () => {
      const box = await drawer(page).boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width;
    }).toBe(true);
    await snap(page, 'signatures-drawer-390-dark');
    await page.keyboard.press('Escape');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    expect(journey.pageErrors).toEqual([]);
  });
  it('after Clear all the header counts no invalid request any more', async () => {
    const { page } = journey;
    await page.setViewportSize(LAPTOP);
    await page.reload();
    await poll(() => signaturesButton(page).textContent()).toBe('Signatures:2 ✗2 invalid');
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear all' }).click();
    await poll(() => rows(page).count()).toBe(0);
    await poll(() => signaturesButton(page).textContent()).toBe('Signatures:11 secret');
    expect(journey.pageErrors).toEqual([]);
  });
});
