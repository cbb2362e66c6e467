/**
 * The web list under load: /webhook in Chromium once its session holds many stored requests.
 * Measures when the first rows are painted after navigation, then scrolls through the list (loading
 * older pages with the button at its end, as a person would) while a long-task observer records
 * every main-thread task over 50 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP_CHROME_UA } from '../e2e/harness.js';

export interface ListFigures {
  /** Navigation start → first row of the list painted. */
  paintedMs: number;
  longestTaskMs: number;
  longTasks: number;
  rowsLoaded: number;
}

const SCROLL_BUDGET_MS = 15_000;

/** `fill(sessionId)` stores the requests into the page's session before the measured load. */
export async function measureWebhookList(
  origin: string,
  fill: (sessionId: string) => Promise<unknown>,
): Promise<ListFigures> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    userAgent: DESKTOP_CHROME_UA,
    viewport: { width: 1280, height: 860 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${origin}/webhook`);
    await page.waitForFunction(() => localStorage.getItem('userSessionId'));
    const sessionId = await page.evaluate(() => localStorage.getItem('userSessionId') ?? '');
    await fill(sessionId);

    await page.addInitScript(() => {
      const tasks: number[] = [];
      Object.assign(window, { benchLongTasks: tasks });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${origin}/webhook`);
    const list = page.getByRole('list', { name: 'Requests' });
    await list.getByRole('listitem').first().waitFor();
    // The next frame after the row is in the DOM is when it is on screen.
    const paintedMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now()))),
        ),
    );

    await page.evaluate(
      () => ((window as unknown as { benchLongTasks: number[] }).benchLongTasks.length = 0),
    );
    // Scrolls 400 px a frame, pressing "Load older requests" whenever the end of the list is reached.
    await page.evaluate(async (budgetMs) => {
      const scroller = document.querySelector('.webhook-request-scroll');
      if (!scroller) throw new Error('no request list');
      const until = performance.now() + budgetMs;
      while (performance.now() < until) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        scroller.scrollTop += 400;
        if (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 2) continue;
        const older = Array.from(scroller.querySelectorAll('button')).find((b) =>
          b.textContent?.includes('Load older'),
        );
        if (!older) break;
        if (!older.disabled) older.click();
      }
    }, SCROLL_BUDGET_MS);
    const tasks = await page.evaluate(
      () => (window as unknown as { benchLongTasks: number[] }).benchLongTasks,
    );
    // The count badge shows the inspector's total, and the list draws only the rows in view: the
    // rows it holds are its scroll height over the fixed row height (50 px, RequestList.tsx).
    const rowsLoaded = await page.evaluate(() =>
      Math.floor((document.querySelector('.webhook-request-scroll')?.scrollHeight ?? 0) / 50),
    );
    return {
      paintedMs,
      longestTaskMs: Math.max(0, ...tasks),
      longTasks: tasks.length,
      rowsLoaded,
    };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
