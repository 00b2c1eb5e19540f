/**
 * Keyboard only: focus never falls to the page when the control that had it
 * goes away, Escape cancels a pending confirmation, the skip link comes
 * first and keeps the section, and axe finds no duplicate landmark names.
 */
import { axeViolations } from './support/axe.ts'
import { expect, test } from './support/fixtures.ts'
import { goToSection, issueKey, keyRow, openPlayground, send } from './support/playground.ts'

test('hiding a new key focuses its row; Escape keeps a key whose revoke was pending; revoking focuses its row', async ({ page }) => {
  await openPlayground(page)
  const { lastFour } = await issueKey(page, { preset: 'getProjectStatus' })
  const row = keyRow(page, lastFour)
  await expect(row.locator('th')).toBeFocused()

  await row.getByRole('button', { name: `Revoke key …${lastFour}` }).focus()
  await page.keyboard.press('Enter')
  await expect(row.getByRole('button', { name: `Keep key …${lastFour}` })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(row.getByRole('button', { name: `Revoke key …${lastFour}` })).toBeFocused()
  await expect(row.locator('.badge')).toHaveText('Active')

  await page.keyboard.press('Enter')
  await page.keyboard.press('Shift+Tab')
  await expect(row.getByRole('button', { name: `Confirm revoke of key …${lastFour}` })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(row.locator('.badge')).toHaveText('Revoked')
  await expect(row.locator('th')).toBeFocused()
})

test('Escape cancels a pending reset, and focus stays on the reset control through confirm and cancel', async ({ page }) => {
  await openPlayground(page)
  const { lastFour } = await issueKey(page, { preset: 'getProjectStatus' })
  const reset = page.getByRole('button', { name: 'Reset everything…' })
  await reset.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(reset).toBeFocused()
  await expect(keyRow(page, lastFour)).toHaveCount(1)

  await page.keyboard.press('Enter')
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByRole('button', { name: 'Confirm reset' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText(/^Reset: every key/)).toBeVisible()
  await expect(reset).toBeFocused()
  await expect(keyRow(page, lastFour)).toHaveCount(0)
})

test('the first Tab reaches the skip link, which moves focus to the section without leaving it', async ({ page }) => {
  await openPlayground(page, 'console')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 2, name: 'Request console' })).toBeFocused()
  expect(new URL(page.url()).hash).toBe('#/console')
})

test('clearing the history moves focus to its undo, which brings every entry back', async ({ page }) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'getProjectStatus' })
  expect(await send(page, 'getProjectStatus', 3)).toBe('200')
  const items = page.getByTestId('history-list').locator('li.history-item')
  await expect(items).toHaveCount(3)
  await page.getByRole('button', { name: 'Clear history' }).click()
  await expect(items).toHaveCount(0)
  await expect(page.getByTestId('history-cleared')).toContainText('History cleared: 3 requests removed in every tab.')
  const undo = page.getByRole('button', { name: 'Undo clear' })
  await expect(undo).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(items).toHaveCount(3)
  await page.reload()
  await expect(page.getByTestId('history-list').locator('li.history-item')).toHaveCount(3)
})

test('no two landmarks share a name with a history entry open beside the response (axe landmark-unique)', async ({ page }) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'getProjectStatus' })
  expect(await send(page, 'getProjectStatus')).toBe('200')
  await page.getByTestId('history-list').locator('summary').first().click()
  await expect(page.getByTestId('history-list').getByRole('region', { name: /^Response body of GET/ })).toBeVisible()
  const violations = await axeViolations(page, { rules: ['landmark-unique'] })
  expect(violations.map((violation) => violation.targets)).toEqual([])
  await goToSection(page, 'Workspace')
})
