import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's source, evaluated in the page (through the debugging protocol, so the console's CSP allows it). */
let axeSource: string | undefined;

/** One axe-core rule a screen breaks: its id, impact, how many elements and the first of them. */
export interface AxeFinding {
  id: string;
  impact: string;
  count: number;
  target: string;
}

/** Every axe-core violation on the page as it is (WCAG 2.x A and AA rules and axe's best practices). */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type AxeResults = { violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'minor',
      count: v.nodes.length,
      target: String(v.nodes[0]?.target.join(' ') ?? ''),
    }));
  });
}

/**
 * Findings on screens of the device families that cannot be fixed there (screen key → rule ids): none
 * now. Kept so that such a finding can be listed with its reason while the check fails on anything new.
 */
export const FAMILY_FINDINGS: Record<string, string[]> = {};

/** The serious and critical ones as short notes (the browser journeys fail on them). */
export function describeAxe(findings: AxeFinding[], screen?: string): string[] {
  const known = new Set(screen ? (FAMILY_FINDINGS[screen] ?? []) : []);
  return findings
    .filter((f) => (f.impact === 'serious' || f.impact === 'critical') && !known.has(f.id))
    .map((f) => `axe ${f.id} (${f.impact}) on ${f.count} elements, first ${f.target}`);
}
