import { expect, test } from './support/fixtures.ts'
import { expectKeyStatus, issueKey, keyRow, openPlayground, pasteKey, send } from './support/playground.ts'

test('two tabs see each other’s key changes without a reload', async ({ context }) => {
  const first = await context.newPage()
  const second = await context.newPage()
  await openPlayground(first)
  await openPlayground(second)

  const { secret, lastFour } = await issueKey(first, { preset: 'getProjectStatus' })
  await expectKeyStatus(second, lastFour, 'Active')
  // The other tab sees the key's last four, never its secret.
  await expect(second.getByText(secret)).toHaveCount(0)

  await second.getByRole('button', { name: `Revoke key …${lastFour}` }).click()
  await second.getByRole('button', { name: `Confirm revoke of key …${lastFour}` }).click()
  await expectKeyStatus(first, lastFour, 'Revoked')

  const other = await issueKey(second, { preset: 'listTools', app: 'second-tab' })
  await expectKeyStatus(first, other.lastFour, 'Active')
  await expect(keyRow(first, other.lastFour)).toContainText('second-tab')
})

test('the clock and fault switches are shared by all tabs', async ({ context }) => {
  const first = await context.newPage()
  const second = await context.newPage()
  await openPlayground(first)
  await openPlayground(second)
  await first.getByRole('button', { name: '+30 days ahead on the sandbox clock' }).click()
  await expect(second.getByTestId('clock-shift')).toHaveText('Clock +30 days')
  await first.getByRole('switch', { name: /Authorisation store failing/ }).check()
  await expect(second.getByTestId('fault-banner')).toContainText('the authorisation store is failing')
})

test('one key’s rate limit holds across tabs, and both tabs keep one history', async ({ context }) => {
  const first = await context.newPage()
  const second = await context.newPage()
  await openPlayground(first)
  await openPlayground(second)
  const { secret } = await issueKey(first, { preset: 'getProjectStatus' })
  await pasteKey(second, secret)

  expect(await send(first, 'getProjectStatus', 60)).toBe('200')
  expect(await send(second, 'getProjectStatus', 61)).toBe('429')
  await expect(second.getByTestId('burst-summary')).toContainText('61 requests: 60 × 200, 1 × 429')

  await expect(first.getByText(/^121 requests\./)).toBeVisible()
  await expect(second.getByText(/^121 requests\./)).toBeVisible()
  await second.getByRole('button', { name: 'Clear history' }).click()
  await expect(first.getByText('Nothing sent yet.')).toBeVisible()
})
