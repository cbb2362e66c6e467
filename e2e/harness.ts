/**
 * Browser journey harness: a Hookbay server on a random port with a fresh database and the
 * built web app, and Debian's Chromium driven by playwright-core with a fresh profile.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../server/src/app.js';
import type { Config } from '../server/src/config.js';
import { testConfig } from '../server/test/app.js';
import { listen } from '../server/test/socket.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM_PATH);
if (!hasChromium) {
  console.warn(
    `Browser journeys skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH).`,
  );
}

/** An ordinary desktop Chrome, so that clicks from the journeys count as people, not bots. */
export const DESKTOP_CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Journey {
  app: FastifyInstance;
  origin: string;
  context: BrowserContext;
  page: Page;
  /** Page errors seen so far; a journey ends by checking there were none. */
  pageErrors: Error[];
  close(): Promise<void>;
}

export async function startJourney(overrides: Partial<Config> = {}): Promise<Journey> {
  const app = await buildApp(testConfig({ webDir: path.resolve('dist/web'), ...overrides }));
  const origin = await listen(app);
  const context = await chromium.launchPersistentContext(
    fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-chromium-')),
    {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      userAgent: DESKTOP_CHROME_UA,
      viewport: { width: 1280, height: 860 },
    },
  );
  await context.grantPermissions(['notifications', 'clipboard-read', 'clipboard-write'], { origin });
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return {
    app,
    origin,
    context,
    page,
    pageErrors,
    async close() {
      await context.close();
      await app.close();
    },
  };
}

/**
 * A second browser for the people who open a journey's links: it shares no cookies or storage with
 * the journey's own browser, and each visitor gets a fresh context of its own.
 */
export interface Visitors {
  /** A page as a new visitor with this user agent has it; `page.context().close()` when done. */
  open(userAgent?: string): Promise<Page>;
  close(): Promise<void>;
}

export async function launchVisitors(): Promise<Visitors> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return {
    async open(userAgent = DESKTOP_CHROME_UA) {
      const context = await browser.newContext({ userAgent });
      return context.newPage();
    },
    close: () => browser.close(),
  };
}

/** Saves a screenshot under .e2e-artifacts/ when SCREENSHOTS is set, for looking at the screens. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  fs.mkdirSync('.e2e-artifacts', { recursive: true });
  await page.screenshot({ path: path.join('.e2e-artifacts', `${name}.png`), fullPage: true });
}
