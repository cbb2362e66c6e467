/**
 * Several inspectors in one browser: the switcher makes a second one, whose count and "new" badge
 * rise live while another is shown; switching shows its requests without a reload; an inspector
 * is renamed, forgotten, and deleted after a confirmation (its URL then answers 404 and its rows
 * are gone from the database); the Settings drawer sets a cap and an expiry, saying why it refuses
 * one. At 1280x800 in both themes the switcher makes the header no taller and the list keeps 10 rows; a 390x844
 * phone shows the switcher too.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, type Journey } from './harness.js';
import {
  expectToast,
  LAPTOP,
  openInspector,
  poll,
  requestCount,
  requestList,
  rowsInView,
  sessionIdOf,
  setTheme,
  snap,
  startLaptopJourney,
} from './helpers.js';

const switcherButton = (page: Page) => page.getByRole('button', { name: /^Inspectors/ });
const switcher = (page: Page) => page.getByRole('dialog', { name: 'Inspectors in this browser' });
const row = (page: Page, label: string) =>
  switcher(page)
    .getByRole('list', { name: 'Inspectors in this browser' })
    .getByRole('listitem', { name: label });
const settingsButton = (page: Page) => page.getByRole('button', { name: /^Settings/ });
const settings = (page: Page) => page.getByRole('dialog', { name: 'Inspector settings' });

function others(page: Page): Promise<{ sessionId: string; name: string | null }[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('hookbayInspectors') ?? '[]'));
}

/** The header's height, and its height with the switcher taken out: they must be the same. */
function headerHeights(page: Page): Promise<{ shown: number; without: number }> {
  return page.evaluate(() => {
    const header = document.querySelector('section[aria-label="Webhook URL and settings"]');
    const switcherButton = header?.querySelector<HTMLElement>('.drawer-button');
    if (!header || !switcherButton) return { shown: 0, without: -1 };
    const shown = header.getBoundingClientRect().height;
    switcherButton.style.display = 'none';
    const without = header.getBoundingClientRect().height;
    switcherButton.style.display = '';
    return { shown, without };
  });
}

describe.runIf(hasChromium)('several inspectors in one browser', () => {
  let journey: Journey;
  let firstId: string;
  let secondId: string;

  beforeAll(async () => {
    journey = await startLaptopJourney();
  });
  afterAll(() => journey.close());

  async function openSwitcher(page: Page): Promise<void> {
    await switcherButton(page).click();
    await poll(() => switcher(page).isVisible()).toBe(true);
  }
  async function closeDrawer(page: Page): Promise<void> {
    await page.keyboard.press('Escape');
    await poll(() => page.getByRole('dialog').count()).toBe(0);
  }

  it('makes a second inspector whose count and badge rise live while the first is shown', async () => {
    const { page, origin } = journey;
    const firstUrl = await openInspector(page, origin);
    firstId = await sessionIdOf(page);
    expect(await switcherButton(page).textContent()).toContain(firstId.slice(0, 8));
    await openSwitcher(page);
    await switcher(page).getByLabel('Name (optional)').fill('E2E Second');
    await switcher(page).getByRole('button', { name: 'Create inspector' }).click();
    await poll(() =>
      switcher(page)
        .getByText(
          'A name holds only lower-case letters, digits and dashes, and starts and ends with a letter or digit.',
        )
        .isVisible(),
    ).toBe(true);
    await switcher(page).getByLabel('Name (optional)').fill('e2e-second');
    await switcher(page).getByRole('button', { name: 'Create inspector' }).click();
    await expectToast(page, 'Inspector e2e-second created');
    await poll(() => row(page, 'e2e-second').getByTestId('inspector-count').textContent()).toBe('0 requests');
    secondId = (await others(page)).find((other) => other.name === 'e2e-second')?.sessionId ?? '';
    expect(secondId).toMatch(/^[0-9a-f-]{36}$/);
    await closeDrawer(page);

    expect((await fetch(firstUrl, { method: 'POST', body: 'to the first' })).status).toBe(200);
    for (const n of [1, 2])
      expect(
        (await fetch(`${origin}/webhook/e2e-second/hello/${n}`, { method: 'POST', body: '{}' })).status,
      ).toBe(200);
    await poll(() => switcherButton(page).textContent()).toContain('2 new');
    await poll(() => requestCount(page)).toBe('1');
    await openSwitcher(page);
    await poll(() => row(page, 'e2e-second').textContent()).toContain('2 new');
    expect(await row(page, 'e2e-second').getByTestId('inspector-count').textContent()).toBe('2 requests');
    expect(await row(page, firstId.slice(0, 8)).textContent()).toContain('Shown');
    await snap(page, 'inspector-switcher-light');
  });

  it('switches to it: its requests show, and the first now counts live in the switcher', async () => {
    const { page, origin } = journey;
    await row(page, 'e2e-second').getByRole('button', { name: 'Open' }).click();
    await poll(() => page.evaluate(() => localStorage.getItem('userSessionId'))).toBe(secondId);
    await poll(() => requestCount(page)).toBe('2');
    await poll(() => requestList(page).getByRole('listitem').first().textContent()).toContain('/hello/2');
    expect(await page.locator('#webhook-url').inputValue()).toContain(secondId);
    await poll(() => switcherButton(page).textContent()).toContain('e2e-second');
    expect((await others(page)).map((other) => other.sessionId)).toEqual([firstId]);

    expect((await fetch(`${origin}/webhook/${firstId}/later`, { method: 'POST' })).status).toBe(200);
    await poll(() => switcherButton(page).textContent()).toContain('1 new');
    expect(await requestCount(page)).toBe('2');
    expect(journey.pageErrors).toEqual([]);
  });

  it('renames the first, then forgets it in this browser: it keeps capturing', async () => {
    const { page, origin } = journey;
    await openSwitcher(page);
    const first = row(page, firstId.slice(0, 8));
    await poll(() => first.getByTestId('inspector-count').textContent()).toBe('2 requests');
    await first.getByRole('button', { name: 'Rename' }).click();
    await first.getByLabel(`New name for ${firstId.slice(0, 8)}`).fill('e2e-first');
    await first.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Renamed to e2e-first');
    await poll(() => row(page, 'e2e-first').count()).toBe(1);
    expect((await fetch(`${origin}/webhook/e2e-first/by-name`, { method: 'POST' })).status).toBe(200);
    await poll(() => row(page, 'e2e-first').getByTestId('inspector-count').textContent()).toBe('3 requests');

    await row(page, 'e2e-first').getByRole('button', { name: 'Forget' }).click();
    await expectToast(page, 'e2e-first is forgotten in this browser; it keeps running');
    await poll(() => row(page, 'e2e-first').count()).toBe(0);
    expect(await others(page)).toEqual([]);
    expect((await fetch(`${origin}/webhook/e2e-first`, { method: 'POST' })).status).toBe(200);
    await closeDrawer(page);
  });

  it('deletes an inspector only once confirmed: its URL answers 404 and its rows are gone', async () => {
    const { page, origin, app } = journey;
    await openSwitcher(page);
    await switcher(page).getByLabel('Name (optional)').fill('e2e-doomed');
    await switcher(page).getByRole('button', { name: 'Create inspector' }).click();
    await expectToast(page, 'Inspector e2e-doomed created');
    const doomedId = (await others(page)).find((other) => other.name === 'e2e-doomed')?.sessionId ?? '';
    expect((await fetch(`${origin}/webhook/e2e-doomed/x`, { method: 'POST', body: 'bye' })).status).toBe(200);
    await poll(() => row(page, 'e2e-doomed').getByTestId('inspector-count').textContent()).toBe('1 request');

    const confirm = page.getByRole('dialog', { name: 'Delete inspector' });
    await row(page, 'e2e-doomed').getByRole('button', { name: 'Delete' }).click();
    await poll(() => confirm.textContent()).toContain(
      'Delete e2e-doomed with everything it holds (requests, response rules, keys, name)? Its webhook URL answers 404 from then on. This cannot be undone.',
    );
    await snap(page, 'inspector-switcher-delete');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => confirm.count()).toBe(0);
    expect((await fetch(`${origin}/webhook/e2e-doomed`, { method: 'POST' })).status).toBe(200);

    await row(page, 'e2e-doomed').getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete inspector' }).click();
    await expectToast(page, 'Inspector e2e-doomed deleted');
    await poll(() => row(page, 'e2e-doomed').count()).toBe(0);
    for (const address of [doomedId, 'e2e-doomed'])
      expect((await fetch(`${origin}/webhook/${address}`, { method: 'POST' })).status).toBe(404);
    await app.services.webhooks.flush();
    const stored = await app.database.db
      .selectFrom('webhook_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('session_id', '=', doomedId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(0);
    expect((await others(page)).map((other) => other.sessionId)).toEqual([]);
    await closeDrawer(page);
  });

  it('sets a cap and an expiry in the Settings drawer, saying why it refuses one', async () => {
    const { page, origin } = journey;
    expect(await settingsButton(page).textContent()).toContain('no expiry');
    await settingsButton(page).click();
    await poll(() => settings(page).isVisible()).toBe(true);
    await settings(page).getByLabel('Keep at most (requests)').fill('many');
    await settings(page).getByRole('button', { name: 'Save settings' }).click();
    await poll(() => settings(page).getByRole('alert').textContent()).toBe(
      'Keep at most: a whole number from 0 to 100000, or empty.',
    );
    await settings(page).getByLabel('Keep at most (requests)').fill('1');
    await settings(page)
      .getByLabel('Expires', { exact: true })
      .selectOption({ label: 'At a date and time…' });
    await settings(page).getByLabel('Expiry date and time').fill('2020-01-01T10:00');
    await settings(page).getByRole('button', { name: 'Save settings' }).click();
    await poll(() => settings(page).getByRole('alert').textContent()).toBe(
      'expiresAt: must be in the future.',
    );

    await settings(page).getByLabel('Expires', { exact: true }).selectOption({ label: 'In 1 day' });
    await settings(page).getByLabel('Answer captures with open CORS headers').uncheck();
    await settings(page).getByRole('button', { name: 'Save settings' }).click();
    await expectToast(page, 'Settings saved');
    await poll(() =>
      settings(page)
        .getByText(/^Now: expires /)
        .count(),
    ).toBe(1);
    await snap(page, 'inspector-settings-light');
    await closeDrawer(page);
    await poll(() => settingsButton(page).textContent()).toMatch(/expires /);

    const answer = await fetch(`${origin}/api/user/inspector`, { headers: { 'X-Session-ID': secondId } });
    const saved = (await answer.json()) as { expiresAt: string; maxRequests: number; cors: boolean };
    expect(saved.maxRequests).toBe(1);
    expect(saved.cors).toBe(false);
    const left = Date.parse(saved.expiresAt) - Date.now();
    expect(left).toBeGreaterThan(23 * 3_600_000);
    expect(left).toBeLessThanOrEqual(24 * 3_600_000);
    const captured = await fetch(`${origin}/webhook/e2e-second`, {
      method: 'POST',
      headers: { origin: 'https://app.example' },
    });
    expect(captured.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('keeps the header as tall as without the switcher and 10 rows in view at 1280x800, in both themes, and fits a phone', async () => {
    const { page, origin } = journey;
    await fetch(`${origin}/api/user/inspector`, {
      method: 'PUT',
      headers: { 'X-Session-ID': secondId, 'Content-Type': 'application/json' },
      body: JSON.stringify({ maxRequests: null }),
    });
    for (let n = 0; n < 14; n++)
      expect((await fetch(`${origin}/webhook/e2e-second/row/${n}`, { method: 'POST' })).status).toBe(200);
    await poll(() => requestList(page).getByRole('listitem').first().textContent()).toContain('/row/13');
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      const heights = await headerHeights(page);
      expect(heights.shown).toBe(heights.without);
      await poll(() => rowsInView(page)).toBeGreaterThanOrEqual(10);
      await snap(page, `inspector-switcher-page-${theme}`);
    }
    await openSwitcher(page);
    await snap(page, 'inspector-switcher-dark');
    await closeDrawer(page);
    await settingsButton(page).click();
    await snap(page, 'inspector-settings-dark');
    await closeDrawer(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await poll(() => switcherButton(page).isVisible()).toBe(true);
    await snap(page, 'inspector-switcher-phone-dark');
    await openSwitcher(page);
    await snap(page, 'inspector-switcher-drawer-phone-dark');
    await closeDrawer(page);
    // The theme switch sits in the navbar, folded away on a phone.
    await page.setViewportSize(LAPTOP);
    await setTheme(page, 'light');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'inspector-switcher-phone-light');
    await settingsButton(page).click();
    await snap(page, 'inspector-settings-phone-light');
    await closeDrawer(page);
    expect(journey.pageErrors).toEqual([]);
  });
});
