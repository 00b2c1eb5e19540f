/**
 * A docs site on another origin (127.0.0.1, a different site from the
 * sandbox's localhost) embeds examples with embed.js, in a Chromium that
 * partitions third-party storage as Chrome does for its users.
 */
import type { FrameLocator, Locator, Page } from '@playwright/test'
import { foreignRequests, watchContext } from './fixtures/embed-host/contextWatch.ts'
import { databaseNames, sessionKeys } from './fixtures/embed-host/embedDatabase.ts'
import { type HostServer, startHostServer } from './fixtures/embed-host/hostServer.ts'
import { expect, test } from './fixtures/embed-host/partitionedBrowser.ts'

/** What the host page embeds, and the status each must answer with. */
const EMBEDDED = [
  { id: 'get-status', status: 200 },
  { id: 'validate-tool', status: 200 },
  { id: 'key-expired', status: 401 },
  { id: 'scope-missing', status: 403 },
  { id: 'body-too-large', status: 413 },
  { id: 'manifest-invalid', status: 422 },
  { id: 'rate-limited', status: 429 },
] as const

let host: HostServer

test.beforeAll(async ({ baseURL }) => {
  host = await startHostServer(baseURL ?? 'http://localhost:4173/')
})

test.afterAll(async () => {
  await host.close()
})

function embedded(page: Page, id: string): { iframe: Locator; frame: FrameLocator } {
  const iframe = page.locator(`[data-sandbox-example="${id}"] > iframe`)
  return { iframe, frame: iframe.contentFrame() }
}

/** The iframe's height and its content's, in CSS pixels. */
async function heights(iframe: Locator, frame: FrameLocator): Promise<{ iframe: number; content: number }> {
  return {
    iframe: await iframe.evaluate((element) => element.getBoundingClientRect().height),
    content: await frame.locator('#embed-root').evaluate((element) => Math.ceil(element.getBoundingClientRect().height)),
  }
}

test('a docs page on another origin runs every embedded example through the service worker', async ({ partitionedBrowser, baseURL }) => {
  // Seven sandboxes start and run one after another, one of them 121 requests long.
  test.setTimeout(120_000)
  const site = new URL(baseURL ?? 'http://localhost:4173/').origin
  const context = await partitionedBrowser.newContext()
  const watch = watchContext(
    context,
    EMBEDDED.map((example) => example.status),
  )
  const page = await context.newPage()
  await page.goto(`${host.origin}/`)
  // A reader scrolling down the page: each frame starts as its placeholder comes near the viewport.
  for (const { id } of EMBEDDED) await page.locator(`[data-sandbox-example="${id}"]`).scrollIntoViewIfNeeded()

  for (const { id, status } of EMBEDDED) {
    const { iframe, frame } = embedded(page, id)
    // The frame is made only once its placeholder comes near the viewport.
    await page.locator(`[data-sandbox-example="${id}"]`).scrollIntoViewIfNeeded()
    await expect(iframe).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin')
    const run = frame.getByRole('button', { name: 'Run', exact: true })
    await expect(run).toBeEnabled({ timeout: 20_000 })
    // Requests go through fetch and the worker: no "service worker unavailable" notice.
    await expect(frame.getByRole('note')).toHaveCount(0)

    await expect.poll(async () => (await heights(iframe, frame)).iframe).toBe((await heights(iframe, frame)).content)
    const before = await heights(iframe, frame)
    await run.click()
    await expect(frame.locator('.status-line .status')).toHaveAttribute('data-status', String(status), { timeout: 20_000 })
    await expect(frame.locator('.status-line')).toContainText('as documented')
    // The iframe follows its content: taller once the response is shown, and exactly as tall.
    await expect
      .poll(async () => {
        const after = await heights(iframe, frame)
        return after.iframe === after.content && after.iframe > before.iframe
      })
      .toBe(true)
  }

  // The 429 calls out its rate-limit headers.
  const limited = embedded(page, 'rate-limited').frame
  await expect(limited.getByRole('definition').filter({ hasText: /^0 requests left/ })).toBeVisible()
  await expect(limited.locator('.rate-limit')).toContainText('retry-after')
  // The 422 lists its JSON Pointers.
  await expect(embedded(page, 'manifest-invalid').frame.getByRole('table')).toContainText('/manifest/display/layout')

  // Inside the frames no database exists at all (each example's sandbox is in the embed worker's memory), and
  // each example's session holds only its own key.
  const frame = page.frames().find((candidate) => candidate.url().includes('example=get-status'))
  expect(frame).toBeDefined()
  if (frame) {
    expect(await databaseNames(frame)).toEqual([])
    expect(await sessionKeys(frame)).toEqual([{ app: 'docs-embed', scopes: ['status.read'], status: 'active' }])
  }

  // Nor on the sandbox site itself, first party (an embed page with no example opens no database).
  const sitePage = await context.newPage()
  await sitePage.goto(`${site}/embed.html`)
  expect(await databaseNames(sitePage)).not.toContain('developer-sandbox')

  expect(foreignRequests(watch, [site, host.origin])).toEqual([])
  expect(watch.errors).toEqual([])
  await context.close()
})

test('embed.js believes only its own iframes from its own origin', async ({ partitionedBrowser }) => {
  const context = await partitionedBrowser.newContext()
  const page = await context.newPage()
  await page.goto(`${host.origin}/`)
  const { iframe, frame } = embedded(page, 'get-status')
  await expect(frame.getByRole('button', { name: 'Run', exact: true })).toBeEnabled({ timeout: 20_000 })
  await expect.poll(async () => (await heights(iframe, frame)).iframe).toBe((await heights(iframe, frame)).content)
  const settled = (await heights(iframe, frame)).iframe

  // The host page itself (wrong origin) claims a height.
  await page.evaluate(() => window.postMessage({ type: 'developer-sandbox:embed-height', height: 3000 }, '*'))
  // A frame of the sandbox's origin that embed.js did not make claims one too.
  await page.evaluate(
    (src) => {
      const stranger = document.createElement('iframe')
      stranger.src = src
      document.body.append(stranger)
    },
    (await iframe.getAttribute('src')) ?? '',
  )
  await page.waitForTimeout(1_500)
  expect((await heights(iframe, frame)).iframe).toBe(settled)
  await context.close()
})

test('placeholders added after the page loaded become embeds too', async ({ partitionedBrowser }) => {
  const context = await partitionedBrowser.newContext()
  const page = await context.newPage()
  await page.goto(`${host.origin}/`)
  // index.html adds the rate-limited placeholder 300 ms after load; its frame comes when it is near the viewport.
  const placeholder = page.locator('[data-sandbox-example="rate-limited"]')
  await placeholder.scrollIntoViewIfNeeded()
  const { iframe } = embedded(page, 'rate-limited')
  await expect(iframe).toHaveAttribute('src', /\/embed\.html\?example=rate-limited$/)
  await expect(iframe).toHaveAttribute('title', 'Developer Sandbox example: rate-limited')
  await context.close()
})
