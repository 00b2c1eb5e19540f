import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'

const STANDARDS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/**
 * The rules whose outcome a colour theme can change. A theme swaps colours (custom properties, Monaco's
 * theme) over the same markup, so a second theme is checked against these alone: the rest of axe's rules
 * read the markup, which the first theme's full run already judged.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

export interface AxeScope {
  /** A selector to judge only what is inside it (the editor's own DOM included). */
  include?: string
  /** These rules only, instead of every WCAG 2.1 A/AA and best-practice rule. */
  rules?: string[]
}

/** What axe finds serious or critical on the page as it stands, one line each, prefixed with `where`. */
export async function seriousViolations(page: Page, where: string, scope: AxeScope = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page })
  if (scope.include) builder = builder.include(scope.include)
  builder = scope.rules ? builder.withRules(scope.rules) : builder.withTags(STANDARDS)
  const results = await builder.analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${where}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    )
}
