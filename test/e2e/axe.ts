/** axe-core in the browser tests: what it finds on a page as it is now (WCAG 2.0-2.2 A and AA, best practices). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.0-2.2 A and AA, plus axe's best practices (one main landmark, all content in landmarks, heading order). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * What axe-core finds on the page once it is still (AXE_TAGS). A dialog fading in has colours halfway to
 * their end, which axe would read as poor contrast, so it first waits for every running animation and
 * transition to end (a spinner's endless one aside). axe is evaluated in the page rather than added as a script tag, which the app's
 * Content-Security-Policy would refuse: any context can use it.
 */
export async function violations(page: Page): Promise<Violation[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, AXE_TAGS);
}

/** The violations, one line each with up to four of their elements, for an assertion message. */
export function describeViolations(found: Violation[]): string {
  return found
    .map(
      (v) =>
        `  ${v.id} (${v.impact}) x${v.nodes.length}: ` +
        v.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
          .join(' | '),
    )
    .join('\n');
}
