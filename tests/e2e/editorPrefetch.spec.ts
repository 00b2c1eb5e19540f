/**
 * Monaco never slows anything else: a page that opens elsewhere fetches the
 * editor's code only once its first answer is in, never runs it, and the
 * editor then opens from what was fetched.
 */
import { expect, test } from './support/fixtures.ts'
import { goToSection, openPlayground } from './support/playground.ts'

const EDITOR_CHUNK = /\/assets\/ManifestEditor-[\w-]+\.js$/

test('another section fetches the editor after its first answer, without running Monaco, and the editor opens from it', async ({
  page,
}) => {
  const requested: { url: string; at: number }[] = []
  page.on('request', (request) => requested.push({ url: request.url(), at: Date.now() }))
  await openPlayground(page, 'overview')
  // The status view asks GET /status as soon as the sandbox is up (answered 401 without a key): the page's first answer.
  await page.waitForFunction(() => performance.getEntriesByName('sandbox:api-ready', 'mark').length > 0)
  const answeredAt = await page.evaluate(
    () => performance.timeOrigin + (performance.getEntriesByName('sandbox:api-ready', 'mark')[0]?.startTime ?? Number.NaN),
  )
  expect(Number.isFinite(answeredAt)).toBe(true)

  await expect.poll(() => requested.filter((request) => EDITOR_CHUNK.test(request.url)).length).toBe(1)
  await expect.poll(() => requested.some((request) => /\/assets\/json\.worker-[\w-]+\.js$/.test(request.url))).toBe(true)
  // Fetched after the first answer, not before it…
  const fetchedAt = requested.find((request) => EDITOR_CHUNK.test(request.url))?.at ?? 0
  expect(fetchedAt).toBeGreaterThanOrEqual(Math.floor(answeredAt))
  // …and never run: no Monaco environment, no editor, no worker started.
  expect(await page.evaluate(() => 'MonacoEnvironment' in self)).toBe(false)
  expect(page.workers().filter((worker) => /\.worker-/.test(worker.url()))).toEqual([])

  await goToSection(page, 'Manifest editor')
  await expect(page.getByTestId('manifest-editor').locator('.monaco-editor')).toBeVisible()
  // The editor ran from the preloaded module: its chunk was not asked for a second time.
  expect(requested.filter((request) => EDITOR_CHUNK.test(request.url))).toHaveLength(1)
})
