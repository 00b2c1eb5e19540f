import { expect, test } from './support/fixtures.ts'
import { dumpStorage, expectKeyStatus, issueKey, keyRow, openPlayground } from './support/playground.ts'

test('shows a new secret once, and never again after a reload', async ({ page }) => {
  await openPlayground(page)
  const { secret, lastFour } = await issueKey(page, { preset: 'getProjectStatus' })
  const row = keyRow(page, lastFour)
  await expectKeyStatus(page, lastFour, 'Active')
  await expect(page.getByText(secret)).toHaveCount(0)

  await page.reload()
  await expect(page.getByTestId('worker-status')).toContainText('Worker active')
  await expect(row).toBeVisible()
  await expect(page.getByText(secret)).toHaveCount(0)
  await expect(page.getByTestId('new-secret')).toHaveCount(0)
  // The plaintext was never written anywhere this origin keeps data.
  expect(await dumpStorage(page)).not.toContain(secret)
})
