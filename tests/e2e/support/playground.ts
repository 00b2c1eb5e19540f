import { readFile } from 'node:fs/promises'
import { expect, type Page } from '@playwright/test'

/** Page-level steps shared by the specs, named for what a user does. */

/** Every section of the playground's navigation, by its visible label. */
export const SECTIONS = [
  'Workspace',
  'Request console',
  'Status & profile',
  'Sessions',
  'Webhooks',
  'Usage',
  'Manifest editor',
  'Webhook specimens',
]

export async function openPlayground(page: Page, section = 'workspace'): Promise<void> {
  await page.goto(`./#/${section}`)
  await expect(page.getByTestId('worker-status')).toContainText('Worker active')
}

export async function goToSection(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: label, exact: true }).click()
  await expect(page.getByRole('heading', { level: 2, name: label })).toBeVisible()
}

export interface IssuedKey {
  secret: string
  lastFour: string
}

/** Issues a key from the workspace with a preset (or the form's default) and hides the secret again. */
export async function issueKey(page: Page, options: { preset?: string; app?: string } = {}): Promise<IssuedKey> {
  await goToSection(page, 'Workspace')
  if (options.app) await page.getByLabel('App', { exact: true }).fill(options.app)
  if (options.preset) await page.getByLabel('Preset').selectOption(options.preset)
  await page.getByRole('button', { name: 'Issue key' }).click()
  const secretBox = page.getByTestId('new-secret')
  await expect(secretBox).toHaveText(/^svc_test_[A-Za-z0-9_-]{43}$/)
  const secret = (await secretBox.textContent()) ?? ''
  await page.getByRole('button', { name: 'I have copied it, hide the key' }).click()
  await expect(secretBox).toHaveCount(0)
  return { secret, lastFour: secret.slice(-4) }
}

/** The workspace's table row of a key, found by its last four characters. */
export function keyRow(page: Page, lastFour: string) {
  return page.locator('tr', { has: page.getByText(`…${lastFour}`, { exact: true }) })
}

/** Waits until the workspace shows a key with a status (active, expired, revoked). */
export async function expectKeyStatus(page: Page, lastFour: string, status: 'Active' | 'Expired' | 'Revoked'): Promise<void> {
  await expect(keyRow(page, lastFour).locator('.badge')).toHaveText(status)
}

/** Sends the console's request for an operation and returns the status shown. */
export async function send(page: Page, operationId: string, times = 1): Promise<string> {
  if (!(await page.getByRole('heading', { level: 2, name: 'Request console' }).isVisible())) await goToSection(page, 'Request console')
  await page.getByLabel('Operation').selectOption(operationId)
  await page.getByLabel('Times').fill(String(times))
  const button = page.getByRole('button', { name: times > 1 ? `Send ${times} times` : 'Send', exact: true })
  await button.click()
  await expect(page.getByRole('button', { name: times > 1 ? `Send ${times} times` : 'Send', exact: true })).toBeEnabled({ timeout: 30_000 })
  const status = page.getByTestId('response-status').locator('.status-code')
  return (await status.textContent()) ?? ''
}

/** Uses a key by pasting it, as after a reload or in another tab. */
export async function pasteKey(page: Page, secret: string): Promise<void> {
  await page.getByLabel('Key for requests').selectOption({ label: 'Paste a key…' })
  await page.getByLabel('Pasted API key').fill(secret)
}

/** Everything this origin keeps in localStorage and IndexedDB, as one string to search. */
/** Clicks Export state in the Workspace section: the downloaded file's path and its text. */
export async function downloadExport(page: Page): Promise<{ file: string; text: string }> {
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export state' }).click()
  const file = await (await download).path()
  return { file, text: await readFile(file, 'utf8') }
}

export async function dumpStorage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage }), location.href]
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name as string)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      for (const store of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll()
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
        parts.push(JSON.stringify(all))
      }
      db.close()
    }
    return parts.join('\n')
  })
}
