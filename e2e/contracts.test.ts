/**
 * Contracts as a visitor uses them: a JSON Schema typed into the Contracts drawer and GitHub's
 * published webhook schema imported as an OpenAPI document; requests that pass and fail arrive
 * live with their badges, the failing count in the header, the violations and the marked values
 * in the details, `contract:fail` in search; then types drawn from picked requests.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { clipboardText, dismissToasts, openInspector, poll, setTheme, snap } from './helpers.js';

const require = createRequire(import.meta.url);
const githubSchema = require('@octokit/webhooks-schemas') as { definitions: Record<string, unknown> };
const githubExamples = require('@octokit/webhooks-examples') as {
  name: string;
  examples: Record<string, unknown>[];
}[];

/** A component's name in OpenAPI allows no `$`: GitHub's `push$event` becomes `push.event`. */
const componentName = (definition: string) => definition.replaceAll('$', '.');

/**
 * GitHub's published schema as an OpenAPI 3.1 document with one webhook, `push`: its definitions
 * become components, so their names and the references to them are rewritten.
 */
const githubOpenApi = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'GitHub webhooks', version: '1.0.0' },
  webhooks: {
    push: {
      post: {
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/push.event' } } },
        },
        responses: { '200': { description: 'Received' } },
      },
    },
  },
  components: {
    schemas: JSON.parse(
      JSON.stringify(
        Object.fromEntries(
          Object.entries(githubSchema.definitions).map(([name, schema]) => [componentName(name), schema]),
        ),
      ).replace(
        /"#\/definitions\/([^"]+)"/g,
        (_, name: string) => `"#/components/schemas/${componentName(name)}"`,
      ),
    ) as unknown,
  },
});
// The first example predates repository fields the schema now requires; a current one passes.
const pushExample = githubExamples.find((group) => group.name === 'push')?.examples[1] ?? {};

const ORDER_SCHEMA = JSON.stringify({
  type: 'object',
  required: ['order', 'total'],
  properties: { order: { type: 'integer' }, total: { type: 'number', minimum: 0 } },
});

async function send(webhookUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const answer = await fetch(`${webhookUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { id: number };
}

const row = (page: Page, id: number) => page.locator('.request-row').filter({ hasText: `#${id}` });
const contractsButton = (page: Page) => page.getByRole('button', { name: /^Contracts/ });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Contracts' });

describe.runIf(hasChromium)('Contracts journey', () => {
  let journey: Journey;
  let webhookUrl: string;
  const ids: Record<'orderOk' | 'orderBad' | 'pushOk' | 'pushBad', number> = {
    orderOk: 0,
    orderBad: 0,
    pushOk: 0,
    pushBad: 0,
  };

  beforeAll(async () => {
    journey = await startJourney();
    // A step that cannot happen fails within the journeys' wait, naming the step.
    journey.page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await journey?.close();
  });

  it('adds a JSON Schema and imports GitHub’s published schema in the drawer', async () => {
    const { page, origin } = journey;
    webhookUrl = await openInspector(page, origin);
    await poll(() => contractsButton(page).textContent()).toBe('Contracts:none');
    await contractsButton(page).click();
    await drawer(page).getByRole('button', { name: 'Add JSON Schema' }).click();
    const form = drawer(page).getByRole('form', { name: 'Add JSON Schema' });
    await form.getByLabel('Name').fill('Orders');
    await form.getByLabel('Method').fill('POST');
    await form.getByLabel('Path glob').fill('/orders*');
    await form.getByLabel('JSON Schema (draft 2020-12)').fill(ORDER_SCHEMA);
    await form.getByRole('button', { name: 'Save contract' }).click();
    const list = drawer(page).getByRole('list', { name: 'Contracts' });
    await poll(() => list.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^OrdersPOST \/orders\*/),
    ]);

    await drawer(page).getByRole('button', { name: 'Import OpenAPI' }).click();
    const importForm = drawer(page).getByRole('form', { name: 'Import OpenAPI' });
    // A document of 400 KB is chosen as a file, as one would from a download.
    await importForm.getByLabel('Or choose a file').setInputFiles({
      name: 'github-webhooks.openapi.json',
      mimeType: 'application/json',
      buffer: Buffer.from(githubOpenApi),
    });
    await poll(() => importForm.getByRole('button', { name: 'Import' }).isEnabled()).toBe(true);
    await importForm.getByRole('button', { name: 'Import' }).click();
    await poll(() => drawer(page).getByRole('status').first().textContent()).toBe('1 contract imported.');
    // The list loads again after the import; on a busy machine that comes after the notice.
    await poll(() => list.getByRole('listitem').locator('.fw-semibold').allTextContents()).toEqual([
      'Orders',
      'Webhook push',
    ]);
    await page.keyboard.press('Escape');
    await poll(() => drawer(page).count()).toBe(0);
    await poll(() => contractsButton(page).textContent()).toBe('Contracts:22 contracts');
  });

  it('judges requests as they arrive: badges, the failing count, violations and marked values', async () => {
    const { page } = journey;
    ids.orderOk = (await send(webhookUrl, '/orders', { order: 1042, total: 59.9 })).id;
    ids.orderBad = (await send(webhookUrl, '/orders', { order: 1043, total: -5 })).id;
    ids.pushOk = (await send(webhookUrl, '/github', pushExample, { 'X-GitHub-Event': 'push' })).id;
    const broken = structuredClone(pushExample) as { repository: Record<string, unknown> };
    broken.repository.id = 'not a number';
    ids.pushBad = (await send(webhookUrl, '/github', broken, { 'X-GitHub-Event': 'push' })).id;

    const badge = (id: number) => row(page, id).locator('.badge', { hasText: /^Contract/ });
    await poll(() => badge(ids.pushBad).textContent()).toBe('Contract ✗');
    expect(await badge(ids.pushOk).textContent()).toBe('Contract ✓');
    expect(await badge(ids.orderBad).textContent()).toBe('Contract ✗');
    expect(await badge(ids.orderOk).textContent()).toBe('Contract ✓');
    await poll(() => contractsButton(page).textContent()).toBe('Contracts:2 ✗2 failing');

    await row(page, ids.orderBad).getByRole('button').first().click();
    const violations = page.getByRole('table', { name: 'Contract' });
    await poll(() => violations.getByRole('row').allTextContents()).toEqual([
      'WhereExpectedCame',
      '/totalmust be >= 0-5',
    ]);
    const body = page.locator('pre mark');
    await poll(() => body.allTextContents()).toEqual(['-5']);
    expect(await body.getAttribute('title')).toBe('/total must be >= 0');

    await row(page, ids.pushBad).getByRole('button').first().click();
    await poll(() => page.getByText('Breaks the contract "Webhook push" in 1 place:').count()).toBe(1);
    await poll(() => body.allTextContents()).toEqual(['"not a number"']);
    expect(await body.getAttribute('title')).toBe('/repository/id must be integer');
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await page.setViewportSize({ width: 1280, height: 800 });
      await body.scrollIntoViewIfNeeded();
      await snap(page, `contracts-violation-${theme}`);
      // On a phone the details take the screen, the marked value among them.
      await page.setViewportSize({ width: 390, height: 844 });
      await body.scrollIntoViewIfNeeded();
      expect(await body.isVisible()).toBe(true);
      await snap(page, `contracts-violation-phone-${theme}`);
      await page.setViewportSize({ width: 1280, height: 860 });
    }
    await setTheme(page, 'light');
  });

  it('finds failing requests with contract:fail, and the count follows a delete', async () => {
    const { page } = journey;
    await page.getByRole('searchbox', { name: /search/i }).fill('contract:fail');
    await poll(() => page.getByTestId('request-count').textContent()).toBe('2 of 4');
    await poll(() => page.locator('.request-row .request-path').allTextContents()).toEqual([
      '/github',
      '/orders',
    ]);
    await page.getByRole('searchbox', { name: /search/i }).fill('');
    await poll(() => page.getByTestId('request-count').textContent()).toBe('4');

    await row(page, ids.orderBad).getByRole('button', { name: 'Delete request' }).click();
    await poll(() => contractsButton(page).textContent()).toBe('Contracts:1 ✗1 failing');
    await dismissToasts(page);
  });

  it('draws types from picked requests, to copy and download', async () => {
    const { page } = journey;
    const extra = await send(webhookUrl, '/orders', { order: 1044, total: 12, note: 'gift' });
    await poll(() => row(page, extra.id).count()).toBe(1);
    await page.getByRole('button', { name: 'Compare' }).click();
    await row(page, ids.orderOk).getByRole('checkbox').check();
    await row(page, extra.id).getByRole('checkbox').check();

    await contractsButton(page).click();
    const pickedIds = `#${ids.orderOk}, #${extra.id}`;
    await drawer(page)
      .getByRole('button', { name: `Types from the 2 picked requests (${pickedIds})` })
      .click();
    await poll(() => drawer(page).getByText('From 2 JSON bodies.').count()).toBe(1);
    const typescript = drawer(page).getByLabel('TypeScript', { exact: true }).locator('xpath=self::pre');
    const expected = await typescript.textContent();
    expect(expected).toContain('export interface CapturedBody {');
    expect(expected).toContain('  note?: string;');
    expect(expected).toContain('  order: number;');
    await drawer(page).getByRole('button', { name: 'Copy TypeScript' }).click();
    await poll(() => clipboardText(page)).toBe(expected);
    const download = page.waitForEvent('download');
    await drawer(page).getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('captured-body.ts');
    expect(await readFile(await file.path(), 'utf8')).toBe(expected);
    await dismissToasts(page);
    await snap(page, 'contracts-types-light');
    // The theme switch is behind the drawer: closed, switched, and the types drawn again.
    await page.keyboard.press('Escape');
    await setTheme(page, 'dark');
    await contractsButton(page).click();
    await drawer(page)
      .getByRole('button', { name: `Types from the 2 picked requests (${pickedIds})` })
      .click();
    await poll(() => drawer(page).getByText('From 2 JSON bodies.').count()).toBe(1);
    await snap(page, 'contracts-types-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'contracts-types-phone-dark');
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.keyboard.press('Escape');
    await poll(() => drawer(page).count()).toBe(0);
    await setTheme(page, 'light');
    expect(journey.pageErrors).toEqual([]);
  });
});
