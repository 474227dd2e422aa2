import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeResult {
  violations: {
    id: string;
    impact: string | null;
    nodes: { target: string[]; html: string; any: { message: string }[] }[];
  }[];
}

/**
 * The serious and critical axe-core violations on the page as it is now, one line each: the rule,
 * its impact and up to three of its nodes. axe-core's source is evaluated through the browser's
 * debugging protocol, so the page's Content-Security-Policy stays on (an injected <script> would
 * be refused by it, as it should be).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(fs.readFileSync(AXE_SOURCE, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } })
      .axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
      first: v.nodes[0] ? `${v.nodes[0].html.slice(0, 160)} ${v.nodes[0].any[0]?.message ?? ''}` : '',
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.targets.length} nodes): ${v.targets.slice(0, 3).join(', ')}; first: ${v.first}`,
    );
}
