/**
 * What the console says before and while a request goes: the 413 a body
 * over 64 KB will get, no stale answer shown while the next one is delayed,
 * and errors that name a key the way the user knows it.
 */
import { expect, test } from './support/fixtures.ts'
import { goToSection, openPlayground, send } from './support/playground.ts'

test('warns of the 413 before a body over 64 KB is sent, with its size, and the sandbox answers 413', async ({ page }) => {
  await openPlayground(page)
  await page.getByLabel('Preset').selectOption('everything')
  await page.getByRole('button', { name: 'Issue key' }).click()
  await page.getByRole('button', { name: 'I have copied it, hide the key' }).click()
  await goToSection(page, 'Request console')
  await page.getByLabel('Operation').selectOption('createWebhookTest')
  const check = page.getByTestId('body-check')
  await expect(check).toContainText('Valid JSON')
  await page.getByLabel('JSON body').fill(JSON.stringify({ message: 'x'.repeat(70_000) }))
  await expect(check).toHaveText(
    'Too large: 70,014 bytes (68.4 KB), over the 65,536-byte limit. Sent as is, the sandbox answers 413 payload_too_large.',
  )
  await expect(check).toHaveRole('alert')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByTestId('response-status').locator('.status-code')).toHaveText('413')
})

test('a 429 on screen goes when the next request is sent, while added latency holds its answer', async ({ page }) => {
  await openPlayground(page)
  await page.getByRole('button', { name: 'Issue key' }).click()
  await page.getByRole('button', { name: 'I have copied it, hide the key' }).click()
  expect(await send(page, 'getProjectStatus', 121)).toBe('429')
  await goToSection(page, 'Workspace')
  await page.getByRole('button', { name: '3000 ms' }).click()
  await goToSection(page, 'Request console')
  await page.getByLabel('Times').fill('1')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByTestId('response-empty')).toHaveText('Waiting for the answer…')
  await expect(page.getByTestId('response-status')).toHaveCount(0)
  await expect(page.getByTestId('problem')).toHaveCount(0)
  await expect(page.getByTestId('response-status').locator('.status-code')).toHaveText('429', { timeout: 15_000 })
})

test('a refused request names the key by its label and last four, never its key_ id', async ({ page }) => {
  await openPlayground(page)
  await page.getByLabel('Label (optional)').fill('ci-bot')
  await page.getByRole('button', { name: 'Issue key' }).click()
  const secret = (await page.getByTestId('new-secret').textContent()) ?? ''
  await page.getByRole('button', { name: 'I have copied it, hide the key' }).click()
  const lastFour = secret.slice(-4)
  const picker = page.getByLabel('Key for requests')
  await expect(picker.locator('option', { hasText: `ci-bot (…${lastFour})` })).toHaveCount(1)

  await page.getByRole('button', { name: `Revoke key …${lastFour}` }).click()
  await page.getByRole('button', { name: `Confirm revoke of key …${lastFour}` }).click()
  await goToSection(page, 'Request console')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  const detail = page.getByTestId('problem').locator('.problem-detail')
  await expect(detail).toContainText(`key ci-bot (…${lastFour}) was revoked`)
  await expect(detail).not.toContainText('key_')
  await expect(detail.locator('abbr.key-ref')).toHaveAttribute('title', /^key_[0-9a-f]{16}$/)
})
