/**
 * Browser journey harness: a Hookbay server on a random port with a fresh database and the
 * built web app, and Debian's Chromium driven by playwright-core in a fresh context.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
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

let browser: Promise<Browser> | undefined;

/**
 * One Chromium for every journey this test process runs, each in a fresh context of its own (no
 * cookies, storage or permissions shared): starting Chromium for each journey cost 2–3 s of CPU,
 * a few minutes of a run on a busy machine. Playwright stops it when the process exits.
 */
function sharedChromium(): Promise<Browser> {
  browser ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return browser;
}

export async function startJourney(overrides: Partial<Config> = {}): Promise<Journey> {
  const app = await buildApp(testConfig({ webDir: path.resolve('dist/web'), ...overrides }));
  const origin = await listen(app);
  const context = await (
    await sharedChromium()
  ).newContext({
    userAgent: DESKTOP_CHROME_UA,
    viewport: { width: 1280, height: 860 },
  });
  await context.grantPermissions(['notifications', 'clipboard-read', 'clipboard-write'], { origin });
  const page = await context.newPage();
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
 * The people who open a journey's links: each visitor gets a fresh context of its own, sharing no
 * cookies or storage with the journey's own context.
 */
export interface Visitors {
  /** A page as a new visitor with this user agent has it; `page.context().close()` when done. */
  open(userAgent?: string): Promise<Page>;
  /** Closes every visitor's context still open. */
  close(): Promise<void>;
}

export async function launchVisitors(): Promise<Visitors> {
  const shared = await sharedChromium();
  const contexts: BrowserContext[] = [];
  return {
    async open(userAgent = DESKTOP_CHROME_UA) {
      const context = await shared.newContext({ userAgent });
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      await Promise.all(contexts.splice(0).map((context) => context.close()));
    },
  };
}

/** Saves a screenshot under .e2e-artifacts/ when SCREENSHOTS is set, for looking at the screens. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  fs.mkdirSync('.e2e-artifacts', { recursive: true });
  await page.screenshot({ path: path.join('.e2e-artifacts', `${name}.png`), fullPage: true });
}
