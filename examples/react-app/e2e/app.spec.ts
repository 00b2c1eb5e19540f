import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'

const API_KEY = /^VITE_API_KEY=(.+)$/m.exec(readFileSync(new URL('../.env', import.meta.url), 'utf8'))?.[1] ?? ''

/** What the page's own IndexedDB holds for the sandbox: key count, and whether a plaintext key is in it. */
async function storedKeys(page: Page, plaintext: string) {
  return page.evaluate(async (key) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('react-app-example')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    const records = await new Promise<unknown[]>((resolve, reject) => {
      const request = db.transaction('keys').objectStore('keys').getAll()
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    db.close()
    return { count: records.length, holdsPlaintext: JSON.stringify(records).includes(key.slice(9)) }
  }, plaintext)
}

test('shows status and usage answered by the sandbox in the page, kept in real IndexedDB across reloads', async ({ page }) => {
  const apiCalls: string[] = []
  page.on('response', (response) => {
    if (response.url().includes('/api/developer/v1/')) apiCalls.push(`${response.status()} ${new URL(response.url()).pathname}`)
  })
  await page.goto('/')
  const status = page.getByRole('region', { name: 'Project status' })
  await expect(status.getByRole('definition').first()).toHaveText('react-app')
  await expect(status).toContainText('status.read, usage.read')
  await expect(status).toContainText('…0000')
  const usage = page.getByRole('region', { name: 'Usage' })
  const usageRequests = usage.getByRole('row', { name: /^getProjectUsage / })
  // The fixture's 6 usage requests, and this page's.
  await expect(usageRequests).toHaveText(/^getProjectUsage\s*7\s*1$/)
  await expect(usage.getByRole('row', { name: /^getProjectStatus / })).toHaveText(/^getProjectStatus\s*1[67]\s*2$/)
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
  expect(apiCalls.sort()).toEqual(['200 /api/developer/v1/status', '200 /api/developer/v1/usage'])
  // Four keys issued in the page (the fixture's three and the app's own), stored as hashes.
  expect(await storedKeys(page, API_KEY)).toEqual({ count: 4, holdsPlaintext: false })

  await page.reload()
  // The seeded state survived the reload; this load's usage request was added to it.
  await expect(usageRequests).toHaveText(/^getProjectUsage\s*8\s*1$/)
  await expect(usage.getByRole('row', { name: /^getProjectStatus / })).toHaveText(/^getProjectStatus\s*1[78]\s*2$/)
  expect(await storedKeys(page, API_KEY)).toEqual({ count: 4, holdsPlaintext: false })
})
