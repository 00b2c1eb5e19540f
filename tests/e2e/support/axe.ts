import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** What axe finds serious or critical on the page as it stands (WCAG 2.1 A/AA and best practice), one line each, prefixed with `where`. */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${where}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    )
}
