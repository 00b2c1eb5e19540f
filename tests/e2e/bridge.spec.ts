import { curl, curlStatuses, followKeyHints } from './support/bridge.ts'
import { expect, test } from './support/fixtures.ts'
import { issueKey, openPlayground } from './support/playground.ts'

/**
 * The playground answers over HTTP while it is open: the preview server the
 * suite runs forwards `api/developer/v1/*` to the open tab (the bridge), so a
 * key issued in the page works from curl in a terminal.
 */

test('a key issued in the playground works from curl, the 121st request in a minute gets 429, and usage counts them', async ({
  page,
  baseURL,
}) => {
  const api = new URL('api/developer/v1', baseURL).href
  const hints = followKeyHints(page)
  await openPlayground(page)
  const { secret, lastFour } = await issueKey(page, { preset: 'dataViews', app: 'bridge-curl' })
  await hints.held(lastFour)
  const auth = ['--header', `Authorization: Bearer ${secret}`]

  const status = await curl(`${api}/status`, auth)
  expect(status.status).toBe(200)
  expect(status.headers['content-type']).toBe('application/json')
  expect(JSON.parse(status.body)).toMatchObject({ project: { app: 'bridge-curl' }, scopes: expect.arrayContaining(['status.read']) })
  expect(status.headers['x-ratelimit-remaining']).toBe('119')

  const started = Date.now()
  const statuses = await curlStatuses(Array(119).fill(`${api}/status`), auth)
  expect(statuses).toEqual(Array(119).fill(200))
  const refused = await curl(`${api}/usage`, auth)
  const elapsed = Date.now() - started
  test.info().annotations.push({ type: 'measure', description: `120 curl requests over the bridge in ${elapsed} ms` })
  console.log(`measure: 120 curl requests over the bridge (one connection, in order) in ${elapsed} ms`)
  expect(elapsed).toBeLessThan(60_000)
  expect(refused.status).toBe(429)
  expect(JSON.parse(refused.body)).toMatchObject({ code: 'rate_limited' })
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)

  // The counts are the tab's own: its usage holds every curl request, the refused one included. A second key of the
  // same app (one project, its own rate window) reads them.
  const reader = await issueKey(page, { preset: 'getProjectUsage', app: 'bridge-curl' })
  await hints.held(reader.lastFour)
  const usage = await curl(`${api}/usage`, ['--header', `Authorization: Bearer ${reader.secret}`])
  expect(usage.status).toBe(200)
  expect(JSON.parse(usage.body).operations).toMatchObject({
    getProjectStatus: { requests: 120, errors: 0 },
    getProjectUsage: { requests: 2, errors: 1 },
  })
})

test('curl never gets HTML or an empty 404 for any path under the API base', async ({ page, baseURL }) => {
  const api = new URL('api/developer/v1', baseURL).href
  const hints = followKeyHints(page)
  await openPlayground(page)
  // A key this tab holds, once the server has its hint, routes every request to it. Keyless, a request goes to the tab
  // that connected last, which may be another test's, on the same server, closing as its test ends.
  const { secret, lastFour } = await issueKey(page, { preset: 'getProjectUsage', app: 'bridge-paths' })
  await hints.held(lastFour)
  const paths = ['', '/', '/nope', '/status/extra', '/index.html', '/tools/validate', '/%2e%2e/x', '/status?query=1']
  for (const path of paths) {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const answer = await curl(`${api}${path}`, ['--request', method, '--header', `Authorization: Bearer ${secret}`])
      expect(answer.headers['content-type'], `${method} ${path}`).toMatch(/^application\/(problem\+)?json$/)
      expect(answer.body.length, `${method} ${path}`).toBeGreaterThan(0)
      expect(JSON.parse(answer.body).status, `${method} ${path}`).toBe(answer.status)
      // The open tab answered it (the core's 404, 405, 400 or 403), not the bridge's 503.
      expect(answer.status, `${method} ${path}`).toBeLessThan(500)
    }
  }
})

test('a fresh page asks its server for the bridge before the worker starts: the probe is answered by the server, not through the worker', async ({
  page,
}) => {
  const probe = page.waitForResponse((response) => response.url().endsWith('/__sandbox/bridge/probe.json'))
  await openPlayground(page)
  const response = await probe
  expect(response.ok()).toBe(true)
  expect(response.fromServiceWorker()).toBe(false)
  expect(await response.json()).toMatchObject({ available: true })
})
