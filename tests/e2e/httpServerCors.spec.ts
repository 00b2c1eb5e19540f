import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { buildServerInto } from '../server/support/buildServer.ts'
import { REPOSITORY } from '../server/support/paths.ts'
import { type RunningServer, scratchFolder, startServer } from '../server/support/sandboxServer.ts'

// A front-end on another port calls `developer-sandbox serve` from a real
// browser, which enforces CORS itself. The front-end is a plain page served
// from this machine (a browser lets only a local page reach a loopback server).
let frontEnd: Server
let FRONT_END: string
const buildRoot = join(REPOSITORY, `node_modules/.cache/server-under-e2e-${process.env.E2E_PORT ?? 4173}`)

let open: RunningServer
let closed: RunningServer

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  buildServerInto(buildRoot)
  const bin = join(buildRoot, 'dist-lib/server/bin.js')
  frontEnd = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' })
    response.end('<!doctype html><title>front-end</title><link rel="icon" href="data:,">')
  })
  await new Promise<void>((resolve) => frontEnd.listen(0, 'localhost', resolve))
  FRONT_END = `http://localhost:${(frontEnd.address() as AddressInfo).port}`
  open = await startServer(scratchFolder(), [], bin)
  closed = await startServer(scratchFolder(), ['--cors', 'http://localhost:1'], bin)
})

test.afterAll(async () => {
  await Promise.all([open?.stop(), closed?.stop(), new Promise((resolve) => frontEnd?.close(resolve))])
})

test.beforeEach(async ({ page }) => {
  await page.goto(`${FRONT_END}/`)
})

test('a page on another origin calls the server and reads the rate-limit headers', async ({ page }) => {
  const result = await page.evaluate(
    async ({ origin, key }) => {
      const status = await fetch(`${origin}/api/developer/v1/status`, {
        headers: { Authorization: `Bearer ${key}`, 'X-Request-ID': 'from-the-page' },
      })
      const validate = await fetch(`${origin}/api/developer/v1/tools/validate`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ manifest: { schema: 'nope' } }),
      })
      return {
        status: status.status,
        remaining: status.headers.get('X-RateLimit-Remaining'),
        limit: status.headers.get('X-RateLimit-Limit'),
        requestId: status.headers.get('X-Request-ID'),
        validate: validate.status,
        validateRemaining: validate.headers.get('X-RateLimit-Remaining'),
      }
    },
    { origin: open.origin, key: open.key ?? '' },
  )
  expect(result).toEqual({
    status: 200,
    remaining: '119',
    limit: '120',
    requestId: 'from-the-page',
    validate: 422,
    validateRemaining: '118',
  })
})

test('a page on an origin outside the list is refused by the browser', async ({ page }) => {
  const messages: string[] = []
  page.on('console', (message) => messages.push(message.text()))
  const outcome = await page.evaluate(
    async ({ origin, key }) => {
      try {
        const response = await fetch(`${origin}/api/developer/v1/status`, { headers: { Authorization: `Bearer ${key}` } })
        return `answered ${response.status}`
      } catch (error) {
        return `refused: ${error instanceof Error ? error.name : String(error)}`
      }
    },
    { origin: closed.origin, key: closed.key ?? '' },
  )
  expect(outcome).toBe('refused: TypeError')
  await expect.poll(() => messages.some((text) => text.includes('CORS policy'))).toBe(true)
  // The preflight went unanswered for this origin, so the key was never tried.
  const preflight = await fetch(`${closed.origin}/api/developer/v1/status`, {
    method: 'OPTIONS',
    headers: { Origin: FRONT_END, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
  })
  expect(preflight.status).toBe(403)
  expect((await preflight.json()).detail).toBe(
    `Failed to allow the cross-origin request from "${FRONT_END}": the sandbox allows http://localhost:1.`,
  )
})
