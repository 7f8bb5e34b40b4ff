import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** WCAG 2.2 AA and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe's violations on the page as it is now, one line per element ('rule (impact): target'); with `within`,
 * of that part only (an open modal dialog: the page behind it was checked before it opened, and is inert).
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  // evaluate() runs outside the page's Content-Security-Policy, which refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, within }) => {
      const result = await (window as unknown as { axe: typeof axe }).axe.run(within ? { include: [within] } : document, {
        runOnly: { type: 'tag', values: tags },
      });
      return result.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact ?? ''}): ${node.target.join(' ')}`));
    },
    { tags: TAGS, within },
  );
}
