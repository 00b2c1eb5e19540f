/**
 * Several examples on one docs page of another site share the site's embed
 * worker, yet each keeps a sandbox of its own; the page reserves their height
 * and starts a frame only when it comes near the viewport.
 */
import { foreignRequests, watchContext } from './fixtures/embed-host/contextWatch.ts'
import { type HostServer, startHostServer } from './fixtures/embed-host/hostServer.ts'
import { expect, test } from './fixtures/embed-host/partitionedBrowser.ts'

let host: HostServer

test.beforeAll(async ({ baseURL }) => {
  host = await startHostServer(baseURL ?? 'http://localhost:4173/')
})

test.afterAll(async () => {
  await host.close()
})

test('running "rate-limited" never spends the rate window of "get-status" on the same page', async ({ partitionedBrowser, baseURL }) => {
  test.setTimeout(90_000)
  const context = await partitionedBrowser.newContext({ viewport: { width: 800, height: 900 } })
  const watch = watchContext(context, [429])
  const page = await context.newPage()
  await page.goto(`${host.origin}/two.html`)
  const limited = page.locator('[data-sandbox-example="rate-limited"] > iframe').contentFrame()
  const status = page.locator('[data-sandbox-example="get-status"] > iframe').contentFrame()
  for (const frame of [limited, status]) {
    await expect(frame.getByRole('button', { name: 'Run', exact: true })).toBeEnabled({ timeout: 20_000 })
    // Both answered by the site's embed worker, not in the page.
    await expect(frame.getByRole('note')).toHaveCount(0)
  }

  await limited.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(limited.locator('.status-line .status')).toHaveAttribute('data-status', '429', { timeout: 30_000 })
  await status.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(status.locator('.status-line .status')).toHaveAttribute('data-status', '200')
  await expect(status.getByLabel('Rate-limit headers')).toContainText('119 requests left in the current minute for this key')
  // And the other way round: the limited example's key is still out of requests.
  await limited.getByRole('button', { name: 'Run again' }).click()
  await expect(limited.locator('.status-line .status')).toHaveAttribute('data-status', '429', { timeout: 30_000 })

  const site = new URL(baseURL ?? 'http://localhost:4173/').origin
  expect(foreignRequests(watch, [site, host.origin])).toEqual([])
  expect(watch.errors).toEqual([])
  await context.close()
})

test('reserves each example its height, so the page does not move while examples load, and starts far ones only when near', async ({
  partitionedBrowser,
}) => {
  const context = await partitionedBrowser.newContext({ viewport: { width: 800, height: 900 } })
  const page = await context.newPage()
  await page.goto(`${host.origin}/two.html`)
  // Before its frame exists, a placeholder already holds its example's height.
  await expect(page.locator('[data-sandbox-example="list-tools"]')).toHaveCSS('min-height', '317px')
  for (const id of ['rate-limited', 'get-status']) {
    const frame = page.locator(`[data-sandbox-example="${id}"] > iframe`).contentFrame()
    await expect(frame.getByRole('button', { name: 'Run', exact: true })).toBeEnabled({ timeout: 20_000 })
  }
  const frameHeights = () =>
    page.locator('[data-sandbox-example] > iframe').evaluateAll((frames) => frames.map((frame) => frame.getBoundingClientRect().height))
  // Settled at the height reserved for it in a 720 px column, so nothing below moved.
  await expect.poll(frameHeights).toEqual([355, 317])
  expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThanOrEqual(0.01)
  // 3,000 px further down, the third example has no frame until the reader scrolls near it.
  await expect(page.locator('[data-sandbox-example="list-tools"] > iframe')).toHaveCount(0)
  await page.locator('[data-sandbox-example="list-tools"]').scrollIntoViewIfNeeded()
  await expect(page.locator('[data-sandbox-example="list-tools"] > iframe')).toHaveCount(1)
  await context.close()
})

test('every example, started, is exactly as tall as embed.js and the React component reserve for it in a 720 px column', async ({
  page,
}) => {
  const { EXAMPLE_INDEX } = await import('../../src/embed/exampleIndex.ts')
  await page.setViewportSize({ width: 720, height: 900 })
  const measured: Record<string, number> = {}
  for (const id of Object.keys(EXAMPLE_INDEX)) {
    await page.goto(`embed.html?example=${id}`)
    await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled()
    measured[id] = await page.locator('#embed-root').evaluate((root) => Math.ceil(root.getBoundingClientRect().height))
  }
  expect(measured).toEqual(Object.fromEntries(Object.entries(EXAMPLE_INDEX).map(([id, { height }]) => [id, height])))
})

test("on the playground's own site, an embed runs through its own worker and leaves the reader's playground worker as it was", async ({
  page,
}) => {
  const { openPlayground } = await import('./support/playground.ts')
  await openPlayground(page)
  const controller = (target: { evaluate: typeof page.evaluate }) =>
    target.evaluate(() => new URL(navigator.serviceWorker.controller?.scriptURL ?? 'http://x/none').pathname)
  expect(await controller(page)).toBe('/mockServiceWorker.js')

  // The gallery's frames first load under the playground's worker (scope "/"), until the embed worker claims them.
  await page.goto('gallery.html')
  const card = page.getByRole('article', { name: 'Get the project status' })
  const frame = card.locator('iframe').contentFrame()
  await frame.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(frame.locator('.status-line .status')).toHaveAttribute('data-status', '200', { timeout: 20_000 })
  await expect(frame.getByRole('note')).toHaveCount(0)
  const embedFrame = page.frames().find((candidate) => candidate.url().includes('example=get-status'))
  expect(embedFrame && (await controller(embedFrame))).toBe('/embed-sw.js')
  // The gallery page itself, like the playground, is still the playground worker's.
  expect(await controller(page)).toBe('/mockServiceWorker.js')
})
