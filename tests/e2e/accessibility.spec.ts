import type { Page } from '@playwright/test'
import { type AxeScope, COLOUR_RULES, seriousViolations } from './support/axe.ts'
import { expect, test } from './support/fixtures.ts'
import { goToSection, issueKey, openPlayground, SECTIONS, send } from './support/playground.ts'

/** A key, a success, an error and some usage, so every section has real content to check. */
async function populate(page: Page) {
  await openPlayground(page)
  await issueKey(page, { preset: 'dataViews' })
  expect(await send(page, 'getProjectStatus')).toBe('200')
  expect(await send(page, 'listTools')).toBe('403')
}

/** Every rule in the light theme; in the dark one, the rules its colours can change (COLOUR_RULES). */
const THEMES: { theme: 'Light' | 'Dark'; scope: AxeScope; judged: string }[] = [
  { theme: 'Light', scope: {}, judged: 'no serious or critical violation' },
  { theme: 'Dark', scope: { rules: COLOUR_RULES }, judged: 'no serious or critical colour violation' },
]

for (const { theme, scope, judged } of THEMES) {
  test(`axe finds ${judged} in any section, ${theme.toLowerCase()} theme`, async ({ page }) => {
    // Nine axe runs, one of them over the editor: slow on a busy two-core machine.
    test.setTimeout(180_000)
    await populate(page)
    await page.getByRole('button', { name: theme, exact: true }).click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme.toLowerCase())
    const found: string[] = []
    for (const section of SECTIONS) {
      await goToSection(page, section)
      // Let data views finish loading before judging them.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
      found.push(...(await seriousViolations(page, section, scope)))
    }
    // The secret reveal and an open history entry are states of their own.
    await goToSection(page, 'Request console')
    await page.getByTestId('history-list').locator('summary').first().click()
    found.push(...(await seriousViolations(page, 'console with an open history entry', scope)))
    expect(found).toEqual([])
  })
}

test('follows the system colour scheme until a theme is chosen', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await openPlayground(page)
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  const dark = await background()
  await page.getByRole('button', { name: 'Light', exact: true }).click()
  await expect.poll(background).not.toBe(dark)
  await page.getByRole('button', { name: 'System', exact: true }).click()
  await expect.poll(background).toBe(dark)
  expect(await seriousViolations(page, 'system dark')).toEqual([])
})

test('fits a laptop half-screen (700 px) without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 900 })
  await populate(page)
  for (const section of SECTIONS) {
    await goToSection(page, section)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, `${section} overflows by ${overflow}px`).toBeLessThanOrEqual(0)
  }
})

test('can be driven by keyboard alone: issue a key and send a request', async ({ page }) => {
  await openPlayground(page)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  const issue = page.getByRole('button', { name: 'Issue key' })
  await issue.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Your new key: copy it now' })).toBeFocused()
  await page.getByRole('link', { name: 'Request console', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 2, name: 'Request console' })).toBeFocused()
  await page.getByRole('button', { name: 'Send', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('response-status')).toContainText('200')
})
