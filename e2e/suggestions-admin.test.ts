import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { expectText, grantAdminWithCli, sessionIdOf, setTheme, poll, snap } from './helpers.js';

const TITLE = 'Webhook list forgets the selection';
const DESCRIPTION =
  'After a reload the request I was reading is no longer selected.\nSteps: open, select, reload.';
const NOTES = 'We are on it';

/** The status line above the page (green when it reports success). */
const banner = (page: Page) => page.locator('.alert[role="status"]');
const ownSuggestions = (page: Page) =>
  page.getByRole('list', { name: 'Your suggestions' }).getByRole('listitem');
const adminSuggestions = (page: Page) =>
  page.getByRole('list', { name: /^Suggestions/ }).getByRole('listitem');
/** The number on the stats card labelled `label`. */
const stat = (page: Page, label: string) =>
  page.getByRole('group', { name: label, exact: true }).locator('.fs-3');
const adminNavLink = (page: Page) =>
  page.getByRole('navigation').first().getByRole('link', { name: 'Admin Panel', exact: true });

async function expectBanner(page: Page, text: string): Promise<void> {
  await poll(() => banner(page).allTextContents()).toContain(text);
}

describe.runIf(hasChromium)('Suggestions and the Admin panel journey', () => {
  let journey: Journey;
  let dataDir: string;
  let sessionId: string;

  beforeAll(async () => {
    // Our own data folder, so the admin command can work on the journey app's database.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-e2e-admin-'));
    journey = await startJourney({ dataDir });
  });
  afterAll(async () => {
    await journey.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a visitor submits a Bug Report and sees it as Pending', async () => {
    const { page, origin } = journey;
    await page.goto(`${origin}/suggestions`);
    sessionId = await sessionIdOf(page);
    await expectText(page, 'No suggestions yet', 1);

    await page.getByRole('button', { name: 'Submit a Suggestion' }).click();
    const form = page.locator('#suggestion-form');
    await form.getByLabel('Title').fill(TITLE);
    await form.getByLabel('Description').fill(DESCRIPTION);
    await form.getByLabel('Category').selectOption({ label: 'Bug Report' });
    await form.getByRole('button', { name: 'Submit' }).click();

    await expectBanner(page, 'Suggestion submitted successfully!');
    // The form closes once it is sent.
    await poll(() => form.count()).toBe(0);
    await poll(() => ownSuggestions(page).count()).toBe(1);
    const item = ownSuggestions(page).first();
    expect(await item.getByRole('heading').textContent()).toBe(TITLE);
    expect(await item.locator('.badge').allTextContents()).toEqual(['Bug Report', 'Pending']);
    expect(await item.getByText(DESCRIPTION.split('\n')[0] ?? '', { exact: false }).count()).toBe(1);
    await snap(page, 'suggestions-light');
  });

  it('a visitor without admin rights is turned away from /admin', async () => {
    const { page, origin } = journey;
    await page.goto(`${origin}/admin`);
    await expectText(page, 'Access Denied', 1);
    await expectText(page, 'Admin Access Required', 1);
    expect(await page.getByRole('button', { name: 'Go Back' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Go to Home' }).count()).toBe(1);
    expect(await adminNavLink(page).count()).toBe(0);
    expect(await page.getByText('Suggestions Management').count()).toBe(0);
    await snap(page, 'access-denied-light');

    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL(`${origin}/suggestions`);
    await poll(() => ownSuggestions(page).count()).toBe(1);

    // Go Back returns to where the visitor came from.
    await page.goBack();
    await page.waitForURL(`${origin}/admin`);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL(`${origin}/suggestions`);
  });

  it('the admin command makes this browser an admin through its one-time link', async () => {
    const { page, origin } = journey;
    const link = await grantAdminWithCli(dataDir, origin, sessionId);
    expect(link).toMatch(new RegExp(`^${origin.replaceAll('.', '\\.')}/api/admin/claim/[A-Za-z0-9_-]{43}$`));

    await page.goto(link);
    await page.waitForURL(`${origin}/admin`);
    await poll(() => page.getByRole('heading', { name: 'Suggestions Management' }).count()).toBe(1);
    await poll(() => adminNavLink(page).count()).toBe(1);
    expect(await page.getByText('Access Denied').count()).toBe(0);

    // The link works once only.
    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(400);
  });

  it('the admin sees the stats and filters the list by status', async () => {
    const { page, origin } = journey;
    await poll(() => stat(page, 'Total').textContent()).toBe('1');
    expect(await stat(page, 'Pending').textContent()).toBe('1');
    expect(await stat(page, 'Approved').textContent()).toBe('0');
    expect(await stat(page, 'In Progress').textContent()).toBe('0');

    await poll(() => adminSuggestions(page).count()).toBe(1);
    const card = adminSuggestions(page).first();
    expect(await card.getByRole('heading').textContent()).toBe(TITLE);
    // The admin sees which session sent it.
    expect(await card.getByText(sessionId, { exact: true }).count()).toBe(1);

    const filter = page.getByLabel('Filter by status');
    await filter.selectOption({ label: 'Approved' });
    await page.waitForURL(`${origin}/admin?status=approved`);
    await expectText(page, 'No suggestions are Approved.', 1);

    await filter.selectOption({ label: 'Pending' });
    await page.waitForURL(`${origin}/admin?status=pending`);
    await poll(() => adminSuggestions(page).count()).toBe(1);
    expect(await adminSuggestions(page).first().getByRole('heading').textContent()).toBe(TITLE);
    await snap(page, 'admin-light');
  });

  it('the admin sets the suggestion In Progress with a note', async () => {
    const { page } = journey;
    const form = page.getByRole('form', { name: `Update “${TITLE}”` });
    await form.getByLabel('Status').selectOption({ label: 'In Progress' });
    await form.getByLabel('Admin notes').fill(NOTES);
    await form.getByRole('button', { name: 'Update' }).click();
    await expectBanner(page, 'Suggestion updated successfully!');

    // No longer pending: the Pending filter is empty, and the numbers follow.
    await expectText(page, 'No suggestions are Pending.', 1);
    await poll(() => stat(page, 'Pending').textContent()).toBe('0');
    expect(await stat(page, 'In Progress').textContent()).toBe('1');
    expect(await stat(page, 'Total').textContent()).toBe('1');

    await page.getByLabel('Filter by status').selectOption({ label: 'In Progress' });
    await poll(() => adminSuggestions(page).count()).toBe(1);
    const card = adminSuggestions(page).first();
    expect(await card.locator('.badge').allTextContents()).toEqual(['Bug Report', 'In Progress']);
    expect(await card.getByLabel('Admin notes').inputValue()).toBe(NOTES);
    await setTheme(page, 'dark');
    await snap(page, 'admin-dark');
    await setTheme(page, 'light');
  });

  it('the person who sent it sees the new status and the note', async () => {
    const { page, origin } = journey;
    await page.getByRole('link', { name: 'Suggestions', exact: true }).click();
    await page.waitForURL(`${origin}/suggestions`);
    await poll(() => ownSuggestions(page).count()).toBe(1);
    const item = ownSuggestions(page).first();
    await poll(() => item.locator('.badge').allTextContents()).toEqual(['Bug Report', 'In Progress']);
    expect(await item.getByText('Admin notes', { exact: true }).count()).toBe(1);
    expect(await item.getByText(NOTES, { exact: true }).count()).toBe(1);
    await setTheme(page, 'dark');
    await snap(page, 'suggestions-dark');
    await setTheme(page, 'light');
    expect(journey.pageErrors).toEqual([]);
  });
});
