import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP_CHROME_UA,
  hasChromium,
  launchVisitors,
  startJourney,
  type Journey,
  type Visitors,
} from './harness.js';
import { expectToastStartingWith, poll, setTheme, snap } from './helpers.js';

const ALIAS = 'e2e-card';
const SLACKBOT_UA = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const FIREFOX_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';
const TITLE = 'Launch week <live>';
const DESCRIPTION = 'Five days of "new" things & more.';
const IMAGE = 'https://cdn.example.com/launch.png';
const PER_DAY_NOTE = 'Counted per day: a visitor who comes back on another day counts again.';

const urlRows = (page: Page) => page.getByRole('list', { name: 'Your URLs' }).getByRole('listitem');

describe.runIf(hasChromium)('social card and unique visitors journey', () => {
  let journey: Journey;
  let visitors: Visitors;
  let destination: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-e2e-card-'));
    journey = await startJourney({ dataDir });
    // A page of this same server, so that the visitor's browser needs no network.
    destination = `${journey.origin}/about`;
    visitors = await launchVisitors();
  });
  afterAll(async () => {
    await visitors.close();
    await journey.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sets a social card in the Add URL modal, with a preview, and shows it in the detail panel', async () => {
    const { page, origin } = journey;
    await page.goto(`${origin}/url-shortener`);
    await page.getByRole('button', { name: 'Add URL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add URL' });
    await dialog.getByLabel('Long URL').fill(destination);
    await dialog.getByRole('button', { name: /More options/ }).click();
    await dialog.getByLabel('Alias').fill(ALIAS);
    await dialog.getByRole('button', { name: /Social card/ }).click();
    await dialog.getByLabel('Card title').fill(TITLE);
    await dialog.getByLabel('Card description').fill(DESCRIPTION);
    await dialog.getByLabel('Card image URL').fill(IMAGE);
    const preview = dialog.getByRole('figure', { name: 'Preview of the social card' });
    await poll(() => preview.textContent()).toBe(`127.0.0.1${TITLE}${DESCRIPTION}Image from cdn.example.com`);
    expect(await dialog.getByText(`${120 - TITLE.length} characters left`).count()).toBe(1);
    await snap(page, 'link-card-modal-light');
    await dialog.getByRole('button', { name: 'Add URL' }).click();
    await expectToastStartingWith(page, 'URL added successfully!');
    await poll(() => urlRows(page).count()).toBe(1);

    const card = page.getByTestId('social-card');
    await poll(() => card.getByRole('figure').textContent()).toBe(
      `127.0.0.1${TITLE}${DESCRIPTION}Image from cdn.example.com`,
    );
    await setTheme(page, 'dark');
    await snap(page, 'link-card-detail-dark');
    await setTheme(page, 'light');
  });

  it('changes the card in the Edit URL modal, which opens with it', async () => {
    const { page } = journey;
    await page.getByTestId('url-detail').getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit URL' });
    expect(await dialog.getByLabel('Card title').inputValue()).toBe(TITLE);
    await dialog.getByLabel('Card title').fill(`${TITLE}!`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToastStartingWith(page, 'URL updated successfully!');
    await poll(() => page.getByTestId('social-card').textContent()).toContain(`${TITLE}!`);
  });

  it('gives Slackbot the Open Graph tags of the card, escaped, and sends people on', async () => {
    const shortUrl = `${journey.origin}/s/${ALIAS}`;
    const response = await fetch(shortUrl, { headers: { 'user-agent': SLACKBOT_UA }, redirect: 'manual' });
    expect(response.status).toBe(200);
    const html = await response.text();
    const tags = html.match(/<meta (?:property|name)="(?:og|twitter):[^>]*>/g);
    expect(tags).toEqual([
      '<meta property="og:type" content="website">',
      `<meta property="og:url" content="${shortUrl}">`,
      '<meta property="og:title" content="Launch week &#60;live&#62;!">',
      '<meta property="og:description" content="Five days of &#34;new&#34; things &#38; more.">',
      `<meta property="og:image" content="${IMAGE}">`,
      '<meta name="twitter:card" content="summary_large_image">',
      '<meta name="twitter:title" content="Launch week &#60;live&#62;!">',
      '<meta name="twitter:description" content="Five days of &#34;new&#34; things &#38; more.">',
      `<meta name="twitter:image" content="${IMAGE}">`,
    ]);

    for (const userAgent of [DESKTOP_CHROME_UA, DESKTOP_CHROME_UA, FIREFOX_UA]) {
      const visitor = await visitors.open(userAgent);
      await visitor.goto(shortUrl);
      expect(visitor.url()).toBe(destination);
      await visitor.context().close();
    }
  });

  it('shows the unique visitors, counted per day, on the analytics page', async () => {
    const { page, origin } = journey;
    await page.goto(`${origin}/url-shortener/analytics/${ALIAS}`);
    const stats = page.getByTestId('stat');
    await poll(() => stats.first().textContent()).toBe('3Total Clicks1 bot/preview visit not counted');
    // Two browsers behind one address: the same Chrome twice is one visitor, Firefox another.
    expect(await stats.nth(1).textContent()).toBe(`2Unique Visitors${PER_DAY_NOTE}`);
    await snap(page, 'link-card-analytics-light');
    expect(journey.pageErrors).toEqual([]);
  });
});
