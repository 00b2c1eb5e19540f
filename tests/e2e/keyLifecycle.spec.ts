import { expect, test } from './support/fixtures.ts'
import { dumpStorage, expectKeyStatus, issueKey, keyRow, openPlayground, send } from './support/playground.ts'

const OPERATIONS = [
  'getProjectStatus',
  'getDeveloperProfile',
  'listDeveloperSessions',
  'getProjectUsage',
  'listWebhookEndpoints',
  'listTools',
  'validateTool',
  'previewTool',
  'createWebhookTest',
]

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

test('calls each of the nine operations with 200, then 401 once the key is revoked', async ({ page }) => {
  await openPlayground(page)
  const { lastFour } = await issueKey(page, { preset: 'everything' })
  for (const operationId of OPERATIONS) {
    expect(await send(page, operationId), operationId).toBe('200')
  }

  await page.getByRole('link', { name: 'Workspace', exact: true }).click()
  await page.getByRole('button', { name: `Revoke key …${lastFour}` }).click()
  await page.getByRole('button', { name: `Confirm revoke of key …${lastFour}` }).click()
  await expectKeyStatus(page, lastFour, 'Revoked')

  expect(await send(page, 'getProjectStatus')).toBe('401')
  await expect(page.getByTestId('problem')).toContainText('key_revoked')
})
