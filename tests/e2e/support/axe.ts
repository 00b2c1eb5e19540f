/**
 * Accessibility checks with axe-core's own API in the page. `@axe-core/playwright` reinjects axe's
 * 550 KB source into every frame on each scan and, by default, opens a blank page to merge the frames'
 * results: about a second a scan on the playground, against 0.3 s for the same `axe.run` here, with the
 * same rules and the same findings (decision 051). axe goes into each frame once, and `axe.run` in the top
 * frame gathers the frames' results itself, as axe does in any page that loads it.
 */
import type { Frame, Page } from '@playwright/test'
import axe from 'axe-core'

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
  /** A selector whose content is left out (a frame judged on its own elsewhere). */
  exclude?: string
  /** These rules only, instead of every WCAG 2.1 A/AA and best-practice rule. */
  rules?: string[]
}

/** A finding as the tests read it: which rule, how serious, and the selectors of the nodes it names. */
export interface AxeViolation {
  id: string
  impact: string | null
  targets: string[]
}

async function injectInto(frame: Frame): Promise<void> {
  // A frame that navigated since (or was never scanned) has no axe: it gets the source again.
  const present = await frame.evaluate(() => 'axe' in globalThis).catch(() => true)
  if (!present) await frame.evaluate(axe.source)
}

/** Every finding of axe on the page as it stands, its frames included. */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<AxeViolation[]> {
  await Promise.all(page.frames().map(injectInto))
  const context = { include: [scope.include ?? 'html'], exclude: scope.exclude ? [scope.exclude] : [] }
  const runOnly = scope.rules ? { type: 'rule', values: scope.rules } : { type: 'tag', values: STANDARDS }
  return page.evaluate(
    async ({ context, runOnly }) => {
      const engine = (globalThis as unknown as { axe: typeof axe }).axe
      const results = await engine.run(context, { runOnly: runOnly as axe.RunOnly, resultTypes: ['violations'] })
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? null,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }))
    },
    { context, runOnly },
  )
}

/** What axe finds serious or critical on the page as it stands, one line each, prefixed with `where`. */
export async function seriousViolations(page: Page, where: string, scope: AxeScope = {}): Promise<string[]> {
  return (await axeViolations(page, scope))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${where}: ${violation.id} (${violation.impact}) ${violation.targets.join(', ')}`)
}
