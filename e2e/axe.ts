/** axe-core in a journey's page: the serious and critical WCAG 2 A/AA findings. */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

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
export async function seriousFindings(page: Page): Promise<string[]> {
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
