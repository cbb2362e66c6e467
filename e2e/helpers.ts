/**
 * Small helpers shared by the browser journeys: the session a page holds, the inspector's first
 * steps at a laptop's size and its request list, toasts, the theme switch, a spy on browser
 * notifications, and granting admin rights the way an operator does.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Config } from '../server/src/config.js';
import { screenshot, startJourney, type Journey } from './harness.js';

const run = promisify(execFile);

/** How long a journey waits for the screen to catch up: generous, as a busy machine is slow. */
export const POLL_TIMEOUT_MS = 10_000;

/** expect.poll with the journeys' timeout instead of vitest's one second. */
export function poll<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: POLL_TIMEOUT_MS });
}

/** The session id the page stored once its session started. */
export async function sessionIdOf(page: Page): Promise<string> {
  await poll(() => page.evaluate(() => localStorage.getItem('userSessionId'))).toMatch(/^[0-9a-f-]{36}$/);
  const sessionId = await page.evaluate(() => localStorage.getItem('userSessionId'));
  if (!sessionId) throw new Error('no session id stored');
  return sessionId;
}

/**
 * Resolves once the page's realtime socket has asked to join its user's room, that is once it is
 * connected and live events reach it. Call it before the page loads.
 */
export function realtimeJoined(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const check = (text: string | Buffer | null) => {
      if (text?.toString().includes('join-user-room')) resolve();
    };
    // Socket.IO starts on HTTP long-polling and may upgrade to a WebSocket before or after joining.
    page.on('request', (request) => check(request.postData()));
    page.on('websocket', (socket) => socket.on('framesent', (frame) => check(frame.payload)));
  });
}

/** Opens the Webhook Inspector, waits until its socket has joined the session's room, and returns the webhook URL. */
export async function openInspector(page: Page, origin: string): Promise<string> {
  const joined = realtimeJoined(page);
  await page.goto(`${origin}/webhook`);
  const webhookUrl = `${origin}/webhook/${await sessionIdOf(page)}`;
  await joined;
  return webhookUrl;
}

/** A laptop's window, at which the inspector's header keeps two rows and its list ten. */
export const LAPTOP = { width: 1280, height: 800 };

/** A journey whose browser window is a laptop's. */
export async function startLaptopJourney(overrides: Partial<Config> = {}): Promise<Journey> {
  const journey = await startJourney(overrides);
  await journey.page.setViewportSize(LAPTOP);
  return journey;
}

/** The inspector's request list. */
export const requestList = (page: Page) => page.getByRole('list', { name: 'Requests' });

/** The number of requests the inspector's header shows, as written there. */
export const requestCount = (page: Page) => page.getByTestId('request-count').textContent();

/** Rows of the request list whose whole box is inside the window and the list's own scrolling area. */
export function rowsInView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const listElement = document.querySelector('[role="list"][aria-label="Requests"]');
    const scroller = listElement?.parentElement;
    if (!listElement || !scroller) return 0;
    const area = scroller.getBoundingClientRect();
    const top = Math.max(0, area.top);
    const bottom = Math.min(window.innerHeight, area.bottom);
    return Array.from(listElement.querySelectorAll('[role="listitem"]')).filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= top && box.bottom <= bottom && box.left >= 0 && box.right <= window.innerWidth;
    }).length;
  });
}

/** Texts of the toasts shown right now. */
export function toastTexts(page: Page): Promise<string[]> {
  return page.locator('.Toastify__toast').allTextContents();
}

/** Waits until a toast with exactly this text is shown. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await poll(() => toastTexts(page)).toContain(text);
}

/** Waits until a toast whose text starts with `text` is shown; it may hold more, e.g. a URL and a button. */
export async function expectToastStartingWith(page: Page, text: string): Promise<void> {
  await poll(async () => (await toastTexts(page)).some((toast) => toast.startsWith(text))).toBe(true);
}

/** Waits until the exact text is on the page (at least once), or, with `count`, that many times. */
export async function expectText(page: Page, text: string, count?: number): Promise<void> {
  const found = () => page.getByText(text, { exact: true }).count();
  if (count === undefined) await poll(found).toBeGreaterThan(0);
  else await poll(found).toBe(count);
}

/** Turns the theme switch on (dark) or off (light) and waits for the page to follow. */
export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const toggle = page.getByLabel('Dark theme');
  if (theme === 'dark') await toggle.check();
  else await toggle.uncheck();
  await poll(() => page.locator('html').getAttribute('data-bs-theme')).toBe(theme);
  await settle(page);
}

/** Waits until no CSS transition runs (a theme switch fades colours for a moment). */
export async function settle(page: Page): Promise<void> {
  await poll(() =>
    page.evaluate(() => document.getAnimations().filter((a) => a instanceof CSSTransition).length),
  ).toBe(0);
}

/** Closes every toast and waits until they are gone. */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('.Toastify__toast');
  for (let count = await toasts.count(); count > 0; count = await toasts.count()) {
    await toasts
      .first()
      .locator('.Toastify__close-button')
      .dispatchEvent('click', undefined, { timeout: 2_000 })
      .catch(() => undefined); // it may have closed on its own meanwhile
    await poll(() => toasts.count()).toBeLessThan(count);
  }
}

/** A screenshot of the screen at rest: toasts closed and no transition half-way. */
export async function snap(page: Page, name: string): Promise<void> {
  await dismissToasts(page);
  await settle(page);
  await screenshot(page, name);
}

/** Text the page's clipboard holds. */
export function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

declare global {
  interface Window {
    /** Titles of the notifications the page created, recorded by installNotificationSpy. */
    __notifications?: string[];
  }
}

/**
 * Before any page of the context loads, wraps window.Notification so that every notification the
 * page creates has its title recorded in window.__notifications (and is still shown).
 */
export async function installNotificationSpy(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Original = window.Notification;
    if (typeof Original === 'undefined') return;
    const titles: string[] = [];
    window.__notifications = titles;
    class RecordingNotification extends Original {
      constructor(title: string, options?: NotificationOptions) {
        titles.push(title);
        super(title, options);
      }
    }
    window.Notification = RecordingNotification;
  });
}

/** Titles of the notifications the page created so far. */
export function notificationTitles(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__notifications ?? []);
}

/**
 * Runs `npm run admin -- grant <sessionId>` (the CLI, with tsx) against the journey app's data
 * folder, with `env` on top of the defaults, and returns the lines it printed.
 */
export async function runAdminGrant(
  dataDir: string,
  sessionId: string,
  env: Record<string, string>,
): Promise<string[]> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', path.join('server', 'src', 'cli', 'admin.ts'), 'grant', sessionId],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env } },
  );
  return stdout.trim().split('\n');
}

/**
 * Grants admin rights with the CLI, with PUBLIC_URL set to the app's origin so the printed link
 * points at it, and returns the one-time claim link: the last line the command prints.
 */
export async function grantAdminWithCli(dataDir: string, origin: string, sessionId: string): Promise<string> {
  const lines = await runAdminGrant(dataDir, sessionId, { PUBLIC_URL: origin });
  return (lines.at(-1) ?? '').trim();
}
