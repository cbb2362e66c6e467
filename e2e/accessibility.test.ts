/**
 * Every page, in both themes at 1280x800, checked with axe-core against the WCAG 2 A and AA rules:
 * any serious or critical finding fails the journey, listed page by page.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from './harness.js';
import { setTheme, snap } from './helpers.js';
import { SCREENS, seedScreens, type SeededLinks } from './screens.js';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

declare global {
  interface Window {
    axe?: { run(context: Document, options: unknown): Promise<{ violations: AxeViolation[] }> };
  }
}

/** The serious and critical WCAG 2 A/AA findings on the page as it is now, one line per element. */
async function seriousFindings(page: Page): Promise<string[]> {
  // The pages' policy refuses inline scripts, so axe is evaluated in the page rather than added as a tag.
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    if (!window.axe) throw new Error('axe-core did not load');
    const result = await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(' ')}` +
          (node.failureSummary ? ` — ${node.failureSummary.replaceAll('\n', ' ')}` : ''),
      ),
    );
}

describe.runIf(hasChromium)('accessibility of every page', () => {
  let journey: Journey;
  let links: SeededLinks;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-e2e-a11y-'));
    journey = await startJourney({ dataDir });
    await journey.page.setViewportSize({ width: 1280, height: 800 });
    links = await seedScreens(journey, dataDir);
  });
  afterAll(async () => {
    await journey.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('axe-core runs inside a page under the strict Content-Security-Policy', async () => {
    const { page, origin } = journey;
    await page.goto(`${origin}/about`);
    await page.locator('h1').waitFor();
    await page.evaluate(AXE_SOURCE);
    expect(await page.evaluate(() => typeof window.axe?.run)).toBe('function');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`every page in the ${theme} theme has no serious or critical WCAG 2 A/AA finding`, async () => {
      const { page, origin } = journey;
      await page.goto(`${origin}/about`);
      await setTheme(page, theme);
      const findings: string[] = [];
      for (const screen of SCREENS) {
        await page.goto(`${origin}${screen.path(links)}`);
        await screen.ready(page);
        await snap(page, `a11y-${screen.name}-${theme}`);
        findings.push(...(await seriousFindings(page)).map((finding) => `${screen.name}: ${finding}`));
      }
      expect(findings).toEqual([]);
      expect(journey.pageErrors).toEqual([]);
      // Every screen, with its data, checked in one go: minutes on a busy machine.
    }, 240_000);
  }
});
