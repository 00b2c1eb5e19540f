/**
 * Browsers that give an embed no service worker: one that blocks storage for
 * cross-site frames altogether (Playwright's default Chromium behaves so, as
 * do strict privacy settings), and one where service workers are off. The
 * embed says so plainly and still answers, inside the page.
 */
import { expect, test } from '@playwright/test'
import { foreignRequests, watchContext } from './fixtures/embed-host/contextWatch.ts'
import { type HostServer, startHostServer } from './fixtures/embed-host/hostServer.ts'

let host: HostServer

test.beforeAll(async ({ baseURL }) => {
  host = await startHostServer(baseURL ?? 'http://localhost:4173/')
})

test.afterAll(async () => {
  await host.close()
})

test('with third-party storage blocked, an embed runs in memory and says so in one quiet line, the why behind a disclosure', async ({
  page,
  context,
  baseURL,
}) => {
  const site = new URL(baseURL ?? 'http://localhost:4173/').origin
  const watch = watchContext(context, [401, 429])
  await page.goto(`${host.origin}/`)
  for (const { id, status } of [
    { id: 'get-status', status: 200 },
    { id: 'key-expired', status: 401 },
    { id: 'rate-limited', status: 429 },
  ]) {
    await page.locator(`[data-sandbox-example="${id}"]`).scrollIntoViewIfNeeded()
    const iframe = page.locator(`[data-sandbox-example="${id}"] > iframe`)
    const frame = iframe.contentFrame()
    const note = frame.getByRole('note')
    await expect(note).toHaveAttribute('data-reason', 'storage-blocked', { timeout: 20_000 })
    // One line, in the muted text colour on no background: no alarm for an example that works.
    await expect(note.locator('summary')).toHaveText('Running in memory on this page.')
    const look = await note.evaluate((element) => {
      const style = getComputedStyle(element)
      return { background: style.backgroundColor, height: element.getBoundingClientRect().height, lineHeight: parseFloat(style.lineHeight) }
    })
    expect(look.background).toBe('rgba(0, 0, 0, 0)')
    expect(look.height).toBeLessThan(look.lineHeight * 1.6)
    await expect(note.getByText('Service worker unavailable')).toBeHidden()
    // The details are one click away, with the browser's own words.
    await note.getByText('Running in memory on this page.').click()
    await expect(note).toContainText('Service worker unavailable: this browser blocks storage for embedded frames')
    await expect(note.locator('.detail')).not.toBeEmpty()
    await frame.getByRole('button', { name: 'Run', exact: true }).click()
    await expect(frame.locator('.status-line .status')).toHaveAttribute('data-status', String(status), { timeout: 20_000 })
  }
  expect(foreignRequests(watch, [site, host.origin])).toEqual([])
  expect(watch.errors).toEqual([])
})

test.describe('with service workers blocked', () => {
  test.use({ serviceWorkers: 'block' })

  test('the embed says the worker is unavailable and answers in the page', async ({ page, context }) => {
    const watch = watchContext(context, [])
    await page.goto('embed.html?example=list-tools')
    await expect(page.getByRole('note').locator('summary')).toHaveText('Running in memory on this page.')
    await page.getByRole('note').getByText('Running in memory on this page.').click()
    await expect(page.getByRole('note')).toContainText('Service worker unavailable')
    await page.getByRole('button', { name: 'Run', exact: true }).click()
    await expect(page.locator('.status-line .status')).toHaveAttribute('data-status', '200')
    expect(watch.errors).toEqual([])
  })
})
