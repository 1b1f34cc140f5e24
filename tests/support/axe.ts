import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

// axe-core's browser build, read once per worker
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A violation as the specs report it: the rule, its help text, its impact and the elements it found. */
export interface Violation {
  id: string;
  help: string;
  impact: string | null | undefined;
  targets: string[];
}

/**
 * Runs axe-core in the page's own document (the app draws no frames) and returns its violations.
 * The script is injected once per loaded document and axe.run reports violations only: about a tenth
 * of what @axe-core/playwright's analyze() costs per screen (it re-injects into every frame and opens a
 * page of its own to merge the results), with the same rules and the same findings.
 */
export async function axeViolations(page: Page, rules?: string[]): Promise<Violation[]> {
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!present) await page.evaluate(axeSource);
  const options: RunOptions = { resultTypes: ['violations'], ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}) };
  const result = await page.evaluate(
    (opts) => (window as unknown as { axe: { run(ctx: Document, o: RunOptions): Promise<AxeResults> } }).axe.run(document, opts),
    options,
  );
  return result.violations.map((v) => ({ id: v.id, help: v.help, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** The violations that fail a screen: serious and critical ones. */
export async function seriousViolations(page: Page, rules?: string[]): Promise<Violation[]> {
  return (await axeViolations(page, rules)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
