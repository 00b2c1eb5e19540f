import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'

const HOSTILE_MESSAGE = "Hi </script><img src=x onerror='window.__xssFired=1;alert(1)'>"

async function openSpecimensWithKey(page: Page): Promise<void> {
  await page.addInitScript(() => {
    ;(window as unknown as { __xssFired: unknown }).__xssFired = false
  })
  await page.goto('./#/webhook-specimens')
  await expect(page.getByTestId('worker-status')).toContainText('Worker active')
  const gate = page.getByTestId('key-gate')
  await expect(gate).toContainText('No key is selected')
  await gate.getByRole('button', { name: 'Issue a key with webhooks.test' }).click()
  await expect(gate).toHaveCount(0)
}

async function createSpecimen(page: Page, message: string): Promise<void> {
  await page.getByLabel('Message (optional)').fill(message)
  await page.getByRole('button', { name: 'Create a signed specimen' }).click()
  await expect(page.getByTestId('specimen')).toBeVisible()
}

async function verify(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Verify', exact: true }).click()
  const result = page.getByTestId('verify-result')
  await expect(result).toBeVisible()
  return (await result.getAttribute('data-reason')) ?? ''
}

test('creates a specimen, verifies it, and says why each tampered copy fails', async ({ page }) => {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await openSpecimensWithKey(page)
  await createSpecimen(page, HOSTILE_MESSAGE)
  await expect(page.getByTestId('specimen-payload')).toContainText(HOSTILE_MESSAGE)
  await expect(page.getByTestId('specimen-secret')).toHaveText(/^whsec_/)
  await expect(page.getByTestId('specimen').locator('.specimen-headers tr')).toHaveCount(3)

  expect(await verify(page)).toBe('verified')
  await expect(page.getByTestId('verify-result')).toContainText('Verified.')

  const cases: [string, string, string][] = [
    ['Change one character of the payload', 'signature-mismatch', 'the payload (first difference at character'],
    ['Make the timestamp 10 minutes old', 'timestamp-too-old', 'signed 10 min ago'],
    ['Remove the signature header', 'missing-header', 'webhook-signature'],
    ['Use another secret', 'signature-mismatch', 'these changed: the secret'],
  ]
  for (const [tamper, reason, words] of cases) {
    await test.step(tamper, async () => {
      await page.getByRole('button', { name: 'Put this specimen in the verifier' }).click()
      await page.getByRole('button', { name: tamper }).click()
      expect(await verify(page)).toBe(reason)
      await expect(page.getByTestId('verify-result')).toContainText(words)
    })
  }

  // Tampering by hand: the receiver's check does not care how the bytes changed.
  await page.getByRole('button', { name: 'Put this specimen in the verifier' }).click()
  const payload = page.getByLabel('Payload (raw body)')
  await payload.fill((await payload.inputValue()).replace('"specimen":true', '"specimen":false'))
  await expect(page.getByText('Edited since the last check')).toHaveCount(0)
  expect(await verify(page)).toBe('signature-mismatch')
  await payload.fill('')
  await expect(page.getByText('Edited since the last check: verify again.')).toBeVisible()

  expect(dialogs).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { __xssFired?: unknown }).__xssFired)).toBe(false)
})

test('the copied Node snippet verifies the specimen, and rejects it once tampered', async ({ page }) => {
  await openSpecimensWithKey(page)
  await createSpecimen(page, 'From the Node snippet test')
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.getByRole('button', { name: 'Copy Node snippet' }).click()
  const snippet = await page.evaluate(() => navigator.clipboard.readText())
  expect(snippet).toContain("import { Webhook } from 'standardwebhooks'")

  // Under the project so that `standardwebhooks` resolves from its node_modules; test-results/ is ignored by git.
  const dir = join(process.cwd(), 'test-results', 'webhook-snippet', String(test.info().workerIndex))
  mkdirSync(dir, { recursive: true })
  const env = { ...process.env }
  delete env.WEBHOOK_SECRET
  const run = (code: string) => {
    const file = join(dir, 'verify-webhook.mjs')
    writeFileSync(file, code)
    return spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 30_000, env })
  }

  const good = run(snippet)
  expect(good.stderr).toBe('')
  expect(good.stdout.trim()).toBe('verified sandbox.test')
  expect(good.status).toBe(0)

  const tampered = run(snippet.replace('From the Node snippet test', 'From somebody else'))
  expect(tampered.status).toBe(1)
  expect(tampered.stderr).toContain('No matching signature found')
})
