/**
 * Accessibility audits with axe-core in the page under test (WCAG 2.1 A and AA rules). A finding of critical or
 * serious impact fails the audit; its message names the rule, the elements and axe's summary of what to fix.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe itself, for a test to load into a frame it serves (axe audits frames that carry it). */
export const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

interface AxeResults {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
}

/** The critical and serious findings on the page as it is now (optionally within one element). */
export const axeFindings = async (page: Page, within?: string): Promise<AxeFinding[]> => {
  // evaluated through the debugging protocol, so the app's Content-Security-Policy does not apply to it
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (context) =>
      (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe.run(context ?? document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        resultTypes: ['violations'],
      }),
    within ?? null,
  );
  return (results as AxeResults).violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' '),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
      })),
    }));
};

/** One line per finding and element, for a failure message a reader can act on. */
export const describeFindings = (where: string, findings: AxeFinding[]): string[] =>
  findings.flatMap((f) => f.nodes.map((n) => `${where}: [${f.impact}] ${f.rule} (${f.help}) at ${n.target}: ${n.summary}`));
