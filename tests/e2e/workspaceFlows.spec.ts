import { expect, test } from './support/fixtures.ts'
import { downloadExport, expectKeyStatus, goToSection, issueKey, keyRow, openPlayground, send } from './support/playground.ts'

test('a 403 names the missing scope and leads to a key with only that scope', async ({ page }) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'getProjectStatus' })
  await goToSection(page, 'Usage')
  const problem = page.getByTestId('problem')
  await expect(problem).toContainText('403')
  await expect(problem).toContainText('usage.read')
  await problem.getByRole('button', { name: 'Issue a key with usage.read' }).click()

  await expect(page.getByRole('heading', { name: 'Issue a key' })).toBeFocused()
  await expect(page.getByRole('checkbox', { name: /usage\.read/ })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: /status\.read/ })).not.toBeChecked()
  await expect(page.getByText('One scope: the smallest key for one job. Good.')).toBeVisible()
  await page.getByRole('button', { name: 'Issue key' }).click()
  await page.getByRole('button', { name: 'I have copied it, hide the key' }).click()

  await goToSection(page, 'Usage')
  await expect(page.getByTestId('usage-chart')).toBeVisible()
})

test('a 403 offers a key this tab already holds that has the missing scope', async ({ page }) => {
  await openPlayground(page)
  const broad = await issueKey(page, { preset: 'dataViews' })
  await issueKey(page, { preset: 'getProjectStatus' })
  await goToSection(page, 'Usage')
  await page
    .getByTestId('problem')
    .getByRole('button', { name: `Use key …${broad.lastFour} (has usage.read)` })
    .click()
  await expect(page.getByTestId('usage-chart')).toBeVisible()
})

test('rotates a key: new key first, checked, then the old one revoked', async ({ page }) => {
  await openPlayground(page)
  const old = await issueKey(page, { preset: 'dataViews' })
  await page.getByRole('button', { name: `Rotate key …${old.lastFour}` }).click()
  await expect(page.getByRole('heading', { name: `Rotate key …${old.lastFour}` })).toBeFocused()
  await page.getByRole('button', { name: 'Issue replacement key' }).click()
  const fresh = ((await page.getByTestId('new-secret').textContent()) ?? '').slice(-4)
  await page.getByRole('button', { name: 'I have copied it, hide the key' }).click()
  await page.getByRole('button', { name: 'Send a test request with the new key' }).click()
  await expect(page.getByText('GET /status answered 200.')).toBeVisible()
  await page.getByRole('button', { name: `Revoke old key …${old.lastFour}` }).click()
  await expect(page.getByText(`Rotation complete: …${old.lastFour} is revoked, …${fresh} is in use.`)).toBeVisible()

  await expectKeyStatus(page, old.lastFour, 'Revoked')
  await expectKeyStatus(page, fresh, 'Active')
  await expect(keyRow(page, fresh)).toContainText('Rotated from')
  // Same app and environment: the same project, so usage and endpoints carry over.
  expect(await send(page, 'getProjectStatus')).toBe('200')
})

test('exports everything without a key, resets, and imports it back', async ({ page }) => {
  await openPlayground(page)
  const { secret, lastFour } = await issueKey(page, { preset: 'getProjectStatus' })
  expect(await send(page, 'getProjectStatus')).toBe('200')
  await goToSection(page, 'Workspace')

  const { file, text } = await downloadExport(page)
  expect(text).not.toContain(secret)
  const exported = JSON.parse(text)
  expect(exported.format).toBe('developer-sandbox/playground')
  expect(exported.workspace.keys).toHaveLength(1)
  expect(exported.history).toHaveLength(1)
  expect(exported.history[0].requestHeaders.Authorization ?? exported.history[0].requestHeaders.authorization).toBeUndefined()

  await page.getByRole('button', { name: 'Reset everything…' }).click()
  await page.getByRole('button', { name: 'Confirm reset' }).click()
  await expect(page.getByText('No keys yet.')).toBeVisible()
  await expect(page.getByLabel('Key for requests')).toHaveValue('__none__')

  await page.getByLabel('Choose an export file to import').setInputFiles(file)
  await expect(page.getByText('Imported the workspace, 1 history entries')).toBeVisible()
  await expectKeyStatus(page, lastFour, 'Active')
  await goToSection(page, 'Request console')
  await expect(page.getByTestId('history-list').locator('li.history-item')).toHaveCount(1)
})
