import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'

/**
 * The built site must work from any static host under a sub-path. This spec
 * builds it with PLAYGROUND_BASE=/sandbox/ and serves it with a bare static
 * file server (no SPA fallback, no special headers), as a plain host would.
 */
const BASE = '/sandbox/'
const OUT = 'test-results/subpath-dist'
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.map': 'application/json',
  '.ttf': 'font/ttf',
}

let server: Server
let origin = ''

test.beforeAll(async () => {
  test.setTimeout(180_000)
  await promisify(execFile)('node_modules/.bin/node', ['node_modules/vite/bin/vite.js', 'build', '--outDir', OUT, '--emptyOutDir'], {
    env: { ...process.env, PLAYGROUND_BASE: BASE },
  })
  server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
    if (!path.startsWith(BASE)) return response.writeHead(404).end()
    const relative = normalize(path.slice(BASE.length) || 'index.html').replace(/^(\.\.[/\\])+/, '')
    try {
      const body = await readFile(join(OUT, relative.endsWith('/') ? `${relative}index.html` : relative))
      response.writeHead(200, { 'Content-Type': TYPES[extname(relative)] ?? 'application/octet-stream' }).end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
})

test('runs from a plain static host under a sub-path, with the worker scoped to it', async ({ page }) => {
  const offOrigin: string[] = []
  const errors: string[] = []
  page.on('request', (request) => {
    const url = request.url()
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:')) offOrigin.push(url)
  })
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })

  await page.goto(`${origin}${BASE}`)
  await expect(page.getByTestId('worker-status')).toContainText('Worker active')
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope)
  expect(scope).toBe(`${origin}${BASE}`)

  await page.getByRole('button', { name: 'Issue key' }).click()
  await page.getByRole('button', { name: 'I have copied it, hide the key' }).click()
  await page.getByRole('link', { name: 'Request console', exact: true }).click()
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByTestId('response-status').locator('.status-code')).toHaveText('200')

  expect(offOrigin).toEqual([])
  expect(errors).toEqual([])
})
