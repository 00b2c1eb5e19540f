/**
 * Faults in the UI: the authorisation-store switch, and a real store failure
 * (another tab upgrading the database and holding the upgrade open). Each
 * answers 503 under a clear notice, and after it ends every key, history
 * entry and usage count is still there.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './reliability-support.ts'
import { expectKeyStatus, goToSection, issueKey, openPlayground, send } from './support/playground.ts'

const historyItems = (page: Page) => page.getByTestId('history-list').locator('li.history-item')

/** What must survive a fault: the key (active), every history entry, and usage counted exactly. */
async function expectNothingLost(page: Page, lastFour: string, entries: number, counted: number): Promise<void> {
  await goToSection(page, 'Request console')
  await expect(historyItems(page)).toHaveCount(entries)
  await goToSection(page, 'Workspace')
  await expectKeyStatus(page, lastFour, 'Active')
  // The usage view's own GET /usage is counted too.
  await goToSection(page, 'Usage')
  await expect(page.getByTestId('usage-total')).toHaveText(`${counted + 1} requests`)
}

test('the authorisation-store switch answers 503 under a banner; switched off, every key, entry and count is still there', async ({
  page,
}) => {
  await openPlayground(page)
  const { lastFour } = await issueKey(page, { preset: 'dataViews' })
  expect(await send(page, 'getProjectStatus', 3)).toBe('200')
  expect(await send(page, 'getDeveloperProfile')).toBe('200')

  await goToSection(page, 'Workspace')
  await page.getByRole('switch', { name: /Authorisation store failing/ }).check()
  const banner = page.getByTestId('fault-banner')
  await expect(banner).toContainText('Fault on: the authorisation store is failing')
  for (const operation of ['getProjectStatus', 'listDeveloperSessions', 'getProjectUsage']) {
    expect(await send(page, operation), operation).toBe('503')
    await expect(page.getByTestId('problem')).toContainText('authorization_unavailable')
  }
  await expect(page.getByTestId('problem').getByRole('button', { name: 'Switch the fault off' })).toBeVisible()
  // The banner stays on every screen while the fault is on.
  await goToSection(page, 'Usage')
  await expect(banner).toBeVisible()
  await expect(page.getByTestId('problem')).toHaveAttribute('data-status', '503')

  await banner.getByRole('button', { name: 'Switch the fault off' }).click()
  await expect(banner).toHaveCount(0)
  expect(await send(page, 'getProjectStatus')).toBe('200')
  // 4 + 3 refused + 1 entries; the 503s are not attributable, so usage counts 4 + 1.
  await expectNothingLost(page, lastFour, 8, 5)
})

/**
 * Opens the sandbox database one version up from another tab and keeps the
 * upgrade transaction busy until `releaseUpgrade` is called; then aborts it,
 * so the database stays at its version with its data.
 */
async function holdUpgrade(holder: Page): Promise<number> {
  return holder.evaluate(async () => {
    const info = (await indexedDB.databases()).find((database) => database.name === 'developer-sandbox')
    if (!info?.version) throw new Error('Failed to hold an upgrade: the sandbox database does not exist yet')
    const version = info.version
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open('developer-sandbox', version + 1)
      const state = globalThis as unknown as { releaseUpgrade?: () => void; upgradeEnded?: Promise<string> }
      request.onupgradeneeded = () => {
        const transaction = request.transaction
        if (!transaction) return reject(new Error('no upgrade transaction'))
        let released = false
        state.releaseUpgrade = () => {
          released = true
        }
        state.upgradeEnded = new Promise((ended) => {
          transaction.onabort = () => ended('aborted')
        })
        // An IndexedDB transaction lives while it has a request pending: keep one pending until released.
        const store = transaction.objectStore('keys')
        const spin = () => {
          if (released) transaction.abort()
          else store.count().onsuccess = spin
        }
        spin()
        resolve()
      }
      request.onblocked = () => reject(new Error('the playground tab did not let the upgrade through'))
      request.onsuccess = () => reject(new Error('the upgrade finished instead of being held'))
      request.onerror = (event) => event.preventDefault()
    })
    return version
  })
}

test('a real store failure (another tab holds a database upgrade) answers 503; when it ends, requests succeed and nothing is lost', async ({
  page,
  context,
}) => {
  await openPlayground(page)
  const { lastFour } = await issueKey(page, { preset: 'dataViews' })
  expect(await send(page, 'getProjectStatus', 2)).toBe('200')

  const other = await context.newPage()
  await openPlayground(other)
  const version = await holdUpgrade(other)

  // The playground's connection closed itself for the upgrade; reopening waits behind it, and authorisation fails closed.
  expect(await send(page, 'getProjectStatus')).toBe('503')
  const problem = page.getByTestId('problem')
  await expect(problem).toContainText('authorization_unavailable')
  await expect(problem).toContainText('stayed closed')
  // The switch is off: the notice says the store failed, and offers no switch to flip.
  await expect(problem).toContainText('another tab may be upgrading or holding the database')
  await expect(problem.getByRole('button', { name: 'Switch the fault off' })).toHaveCount(0)

  const ended = await other.evaluate(async () => {
    const state = globalThis as unknown as { releaseUpgrade: () => void; upgradeEnded: Promise<string> }
    state.releaseUpgrade()
    return state.upgradeEnded
  })
  expect(ended).toBe('aborted')
  expect(await other.evaluate(async () => (await indexedDB.databases()).find((d) => d.name === 'developer-sandbox')?.version)).toBe(version)

  expect(await send(page, 'getProjectStatus')).toBe('200')
  await expect(problem).toHaveCount(0)
  // 2 + 1 refused + 1 entries; usage counts the 3 answered requests (a 503 is not attributable).
  await expectNothingLost(page, lastFour, 4, 3)
})
