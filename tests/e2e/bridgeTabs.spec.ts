import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { curl, type OwnPreview, SUITE_PORT, startOwnPreview } from './support/bridge.ts'
import { issueKey } from './support/playground.ts'

/**
 * Tabs coming and going. These run on a preview server of their own (the
 * site the suite built, the project's config): on the suite's server, other
 * specs' tabs answer too, and "no tab open" could never be observed.
 */

test.describe.configure({ mode: 'serial' })

let server: OwnPreview

test.beforeAll(async () => {
  server = await startOwnPreview(SUITE_PORT)
})

test.afterAll(async () => {
  await server?.stop()
})

async function openAt(page: import('@playwright/test').Page, origin: string) {
  await page.goto(`${origin}/#/workspace`)
  await expect(page.getByTestId('worker-status')).toContainText('Worker active')
}

test('closing the playground turns the next curl into a 503 problem that says which page to open', async ({ page }) => {
  const api = `${server.origin}/api/developer/v1`
  await openAt(page, server.origin)
  const { secret } = await issueKey(page, { app: 'bridge-close' })
  const auth = ['--header', `Authorization: Bearer ${secret}`]
  expect((await curl(`${api}/status`, auth)).status).toBe(200)

  await page.close()
  const closed = await curl(`${api}/status`, auth)
  expect(closed.status).toBe(503)
  expect(closed.headers['content-type']).toBe('application/problem+json')
  const problem = JSON.parse(closed.body)
  expect(problem).toMatchObject({ status: 503, code: 'playground_not_open', requestId: closed.headers['x-request-id'] })
  expect(problem.detail).toContain(`Open ${server.origin}/ in a browser`)
})

test('two tabs: closing the answering one mid-burst loses no request and answers none twice', async ({ context }) => {
  const api = `${server.origin}/api/developer/v1`
  const leader = await context.newPage()
  await openAt(leader, server.origin)
  const { secret } = await issueKey(leader, { app: 'bridge-burst' })
  const auth = ['--header', `Authorization: Bearer ${secret}`]
  // The first tab answers before the second opens, so it holds the lead.
  expect((await curl(`${api}/status`, auth)).status).toBe(200)
  const follower = await context.newPage()
  await openAt(follower, server.origin)

  const ids = Array.from({ length: 48 }, (_, index) => `burst-${index}`)
  const answers: { id: string; status: number; echoed: string | undefined; lines: number }[] = []
  let next = 0
  let closed: Promise<void> | undefined
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++] as string
      // A raw run of curl: one response head per request, counted below.
      const { stdout } = await promisify(execFile)('curl', [
        '--silent',
        '--include',
        '--max-time',
        '30',
        ...auth,
        '--header',
        `X-Request-ID: ${id}`,
        `${api}/status`,
      ])
      const heads = stdout.split('\r\n').filter((line) => /^HTTP\/\S+ \d{3}/.test(line))
      const echoed = /\r\nx-request-id: ([^\r]+)/i.exec(stdout)?.[1]
      answers.push({ id, status: Number(heads[0]?.split(' ')[1]), echoed, lines: heads.length })
      if (answers.length === 12) closed ??= leader.close()
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()])
  await closed

  expect(answers).toHaveLength(ids.length)
  for (const answer of answers) expect(answer, answer.id).toEqual({ id: answer.id, status: 200, echoed: answer.id, lines: 1 })
  expect(new Set(answers.map((answer) => answer.id)).size).toBe(ids.length)
  // Only the second tab is left: it took over.
  expect((await curl(`${api}/status`, auth)).status).toBe(200)
})
