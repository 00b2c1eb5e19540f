import type { Page } from '@playwright/test'
import { COLUMN_TYPES } from '../../src/api/contract/manifestSchema.ts'
import { openEditorWithKey, openManifestFile, pasteText, replaceManifest, waitUntilSettled } from './editorSteps.ts'
import { COLOUR_RULES, seriousViolations } from './support/axe.ts'
import { expect, test } from './support/fixtures.ts'

/** Serious and critical axe findings inside `scope`, the editor's own DOM included: `rules` alone when given. */
const violations = (page: Page, scope: string, where: string, rules?: string[]) => seriousViolations(page, where, { include: scope, rules })

const YELLOW_COUNTER = JSON.stringify({
  schema: 'service.tool/v1',
  name: 'Steps',
  entry: 'steps',
  permissions: [],
  display: {
    layout: 'counter',
    icon: 'figure.walk',
    color: 'yellow',
    columns: [
      { name: 'Steps', type: 'number' },
      { name: 'Mood', type: 'rating' },
    ],
  },
})

const WIDE_TABLE = JSON.stringify({
  schema: 'service.tool/v1',
  name: 'Wide table',
  entry: 'wide',
  permissions: [],
  display: {
    layout: 'table',
    icon: 'tablecells',
    color: 'mint',
    columns: COLUMN_TYPES.map((type) => ({ name: `A ${type} column`, type })),
  },
})

// Every rule in the light theme; in the dark one, the rules its colours can change (COLOUR_RULES).
for (const [theme, rules] of [
  ['Light', undefined],
  ['Dark', COLOUR_RULES],
] as const) {
  test(`the editor's problems, preview and display mocks pass axe${rules ? "'s colour rules" : ''}, ${theme.toLowerCase()} theme`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await openEditorWithKey(page)
    await page.getByRole('button', { name: theme, exact: true }).click()
    const found: string[] = []
    await openManifestFile(page, 'corpus/invalid-many.json')
    found.push(...(await violations(page, '.editor-panel', 'problems', rules)))
    for (const layout of ['table', 'routine', 'habit', 'counter', 'list', 'timer']) {
      await openManifestFile(page, `corpus/valid-layout-${layout}.json`)
      found.push(...(await violations(page, '.editor-panel', layout, rules)))
    }
    await replaceManifest(page, YELLOW_COUNTER)
    await waitUntilSettled(page)
    await expect(page.getByTestId('display-mock')).toHaveAttribute('data-layout', 'counter')
    found.push(...(await violations(page, '.editor-panel', 'yellow counter', rules)))
    await replaceManifest(page, WIDE_TABLE)
    await waitUntilSettled(page)
    await expect(page.getByTestId('display-mock')).toHaveAttribute('data-layout', 'table')
    found.push(...(await violations(page, '.editor-panel', 'wide table', rules)))
    expect(found).toEqual([])
  })
}

test('the webhook specimen tools pass axe with a specimen and a refusal on screen', async ({ page }) => {
  await page.goto('./#/webhook-specimens')
  await page.getByTestId('key-gate').getByRole('button', { name: 'Issue a key with webhooks.test' }).click()
  await page.getByRole('button', { name: 'Create a signed specimen' }).click()
  await expect(page.getByTestId('specimen')).toBeVisible()
  await page.getByRole('button', { name: 'Remove the signature header' }).click()
  await page.getByRole('button', { name: 'Verify', exact: true }).click()
  await expect(page.getByTestId('verify-result')).toHaveAttribute('data-reason', 'missing-header')
  expect(await violations(page, '.webhook-tools', 'webhook tools')).toEqual([])
})

test('works from the keyboard: leave the editor with Ctrl+M and Tab, open a problem with Enter', async ({ page }) => {
  await openEditorWithKey(page)
  const textbox = page.getByRole('textbox', { name: 'Manifest JSON', exact: true })
  await replaceManifest(page, '{"schema":"service.tool/v1","entry":"k","permissions":"profile.read"}')
  await waitUntilSettled(page)
  await expect(textbox).toBeFocused()
  // Tab indents inside the editor until tab focus mode is on; the hint under the editor says so.
  await page.keyboard.press('Control+M')
  await page.keyboard.press('Tab')
  const problem = page.getByTestId('problems').getByRole('button', { name: /\/permissions/ })
  await expect(problem).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(textbox).toBeFocused()
  // The problem selects the value to change, not the property's name.
  const column = '{"schema":"service.tool/v1","entry":"k","permissions":'.length + 1
  await expect(page.getByTestId('cursor-position')).toHaveText(`Line 1, column ${column + '"profile.read"'.length}`)
  // Still in the editor, by keyboard alone: select all and paste the fix.
  await page.keyboard.press('ControlOrMeta+A')
  await pasteText(page, '{"schema":"service.tool/v1","entry":"k","permissions":[]}')
  await waitUntilSettled(page)
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'valid')
})

test('F8 moves to the next marker and reads its message out to a screen reader', async ({ page }) => {
  await openEditorWithKey(page)
  const text = '{"schema":"service.tool/v1","entry":"k","permissions":["health.read"]}'
  await replaceManifest(page, text)
  await waitUntilSettled(page)
  await page.keyboard.press('ControlOrMeta+Home')
  await page.keyboard.press('F8')
  // The cursor goes to the start of the marker: the bad permission's value.
  const start = text.indexOf('"health.read"')
  await expect(page.getByTestId('cursor-position')).toHaveText(`Line 1, column ${start + 1}`)
  // Monaco's marker view: its message block is an assertive live region.
  const announced = page.getByTestId('manifest-editor').locator('.marker-widget [aria-live="assertive"]')
  // In the API's words, as the problem list says it.
  await expect(announced).toContainText('must be one of "profile.read", "sessions.read"')
})
