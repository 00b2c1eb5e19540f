import { expect, test } from '@playwright/test'
import { curl, type OwnPreview, startOwnDevServer } from './support/bridge.ts'
import { issueKey } from './support/playground.ts'

/** `npm start` (the dev server) bridges too: the same plugin, hooked into `configureServer`. */

let server: OwnPreview

test.beforeAll(async () => {
  test.setTimeout(120_000)
  server = await startOwnDevServer()
})

test.afterAll(async () => {
  await server?.stop()
})

test('on the dev server, a key issued in the playground works from curl, and closing the page gives the 503 problem', async ({ page }) => {
  test.setTimeout(180_000)
  const api = `${server.origin}/api/developer/v1`
  await page.goto(`${server.origin}/#/workspace`)
  await expect(page.getByTestId('worker-status')).toContainText('Worker active', { timeout: 120_000 })
  const { secret } = await issueKey(page, { app: 'bridge-dev' })
  const auth = ['--header', `Authorization: Bearer ${secret}`]

  const answer = await curl(`${api}/status`, auth)
  expect(answer.status).toBe(200)
  expect(JSON.parse(answer.body)).toMatchObject({ project: { app: 'bridge-dev' } })

  await page.close()
  const closed = await curl(`${api}/status`, auth)
  expect(closed.status).toBe(503)
  expect(JSON.parse(closed.body)).toMatchObject({ code: 'playground_not_open' })
})
