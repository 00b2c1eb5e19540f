import { OPERATIONS } from '../../src/api/core.ts'
import { OPENING_LOADS } from '../../src/app/data/openingLoads.ts'
import { expect, test } from './support/fixtures.ts'
import { openPlayground } from './support/playground.ts'

/**
 * A page opened on a data section asks that section's GETs before the app
 * renders (src/app/frame/firstRender.ts); the views then show those answers
 * rather than asking again. The table in openingData.ts is held to the views
 * here: each operation it names is one a view of the section shows.
 */

const API_PATH = '/api/developer/v1'

for (const [section, operationIds] of Object.entries(OPENING_LOADS)) {
  test(`a page opened on #/${section} asks its GETs once each and shows their answers`, async ({ page }) => {
    const asked: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (pathname.startsWith(`${API_PATH}/`)) asked.push(`${request.method()} ${pathname.slice(API_PATH.length)}`)
    })
    await openPlayground(page, section)
    const calls = operationIds.map((operationId) => {
      const operation = OPERATIONS.find((candidate) => candidate.operationId === operationId)
      if (!operation) throw new Error(`Failed to find ${operationId} among the operations`)
      return `${operation.method} ${operation.path}`
    })
    for (const call of calls) {
      // The frame's status line (code · duration · key) appears once the answer is shown; a fresh workspace has no key, so 401.
      await expect(page.locator('section.resource', { hasText: call })).toContainText(/401 · \d+ ms · key none/)
    }
    // A view that asked again on mounting would have done so before this refresh, which the user makes after seeing the answers.
    const [first] = calls
    if (!first) throw new Error(`Failed to find the calls of #/${section}`)
    const frame = page.locator('section.resource', { hasText: first })
    await frame.getByRole('button', { name: /^Refresh / }).click()
    await expect(frame.getByRole('button', { name: /^Refresh / })).toBeEnabled()
    expect(asked.sort()).toEqual([...calls, first].sort())
  })
}

test('the control API’s first calls leave once the opening section has its first answer, not beside it', async ({ page }) => {
  await openPlayground(page, 'overview')
  // The page's own timeline: when each of its requests left, and when its answer began to arrive (its fetch settles then).
  const timeline = () =>
    page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(({ name, startTime, responseStart }) => ({
        path: new URL(name).pathname,
        startTime,
        responseStart,
      })),
    )
  await expect.poll(async () => (await timeline()).some(({ path }) => path.startsWith('/_developer-sandbox/'))).toBe(true)
  const entries = await timeline()
  const firstAnswer = Math.min(...entries.filter(({ path }) => path.startsWith(`${API_PATH}/`)).map(({ responseStart }) => responseStart))
  const firstControl = Math.min(...entries.filter(({ path }) => path.startsWith('/_developer-sandbox/')).map(({ startTime }) => startTime))
  expect(firstControl, JSON.stringify(entries, null, 1)).toBeGreaterThanOrEqual(firstAnswer)
})
