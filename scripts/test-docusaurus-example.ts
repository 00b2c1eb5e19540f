/**
 * Builds examples/docusaurus-site against a sandbox site built from this
 * repository and checks the built page in Chromium, as a reader on another
 * site would meet it: the server-rendered page holds sized placeholders; in
 * the browser both examples start through the embed worker and answer, one
 * cannot spend the other's rate window, and the reference is framed.
 * Installs the example from the packed package first (its pack-sandbox script).
 */
import assert from 'node:assert/strict'
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import type { Browser, FrameLocator, Page } from '@playwright/test'
import { launchTestChromium, PARTITIONED_STORAGE_ARGS } from '../bench/lib/chromium.ts'
import { freePort } from '../bench/lib/preview.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const example = join(root, 'examples/docusaurus-site')
const siteDir = join(root, 'node_modules/.cache/docusaurus-example-sandbox')
const started = Date.now()
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`

let sandbox: ChildProcess | undefined
let docs: Server | undefined
let browser: Browser | undefined
let docsOrigin = ''
let sandboxUrl = ''

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
}

/** The built docs site as a static host serves it, on 127.0.0.1 (another site than the sandbox's localhost). */
function serveDocs(dir: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '')
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path)
    try {
      const body = readFileSync(file)
      response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' })
      response.end(body)
    } catch {
      response.writeHead(404).end('Not found')
    }
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`Failed to start the sandbox site: ${url} did not answer within 30 s`)
}

before(async () => {
  const node = process.execPath
  const vite = join(root, 'node_modules/vite/bin/vite.js')
  execFileSync(node, [join(example, 'scripts/pack-sandbox.mjs')], { cwd: example, stdio: 'inherit' })
  process.stdout.write(`# installed the example from the packed package: ${seconds()}\n`)
  // The site's build of these sources, which the e2e suite made already in the same run.
  execFileSync(node, [join(root, 'scripts/site-build.mjs'), '--copy-to', siteDir], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  const port = await freePort()
  sandboxUrl = `http://localhost:${port}/`
  sandbox = spawn(node, [vite, 'preview', '--outDir', siteDir, '--host', 'localhost', '--port', String(port), '--strictPort'], {
    cwd: root,
    stdio: 'ignore',
  })
  await waitFor(sandboxUrl)
  process.stdout.write(`# built and started the sandbox site: ${seconds()}\n`)
  execFileSync(join(example, 'node_modules/.bin/docusaurus'), ['build', '--no-minify'], {
    cwd: example,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, SANDBOX_URL: sandboxUrl },
  })
  process.stdout.write(`# built the Docusaurus site: ${seconds()}\n`)
  docs = await serveDocs(join(example, 'build'))
  docsOrigin = `http://127.0.0.1:${(docs.address() as AddressInfo).port}`
  browser = await launchTestChromium(PARTITIONED_STORAGE_ARGS)
})

after(async () => {
  await browser?.close()
  await new Promise((resolve) => (docs ? docs.close(resolve) : resolve(undefined)))
  sandbox?.kill('SIGTERM')
  process.stdout.write(`# install, builds and checks: ${seconds()}\n`)
})

test('the server-rendered page holds a placeholder of each example height, and no frame yet', () => {
  const html = readFileSync(join(example, 'build/index.html'), 'utf8')
  assert.match(html, /<div class="sandbox-example" data-sandbox-example-id="get-status" style="height:317px"><\/div>/)
  assert.match(html, /<div class="sandbox-example" data-sandbox-example-id="rate-limited" style="height:355px"><\/div>/)
  assert.match(html, /<div class="sandbox-reference" data-sandbox-reference="" style="height:900px"><\/div>/)
  assert.doesNotMatch(html, /<iframe/)
})

function example_(page: Page, id: string): FrameLocator {
  return page.locator(`[data-sandbox-example-id="${id}"] > iframe`).contentFrame()
}

async function run(frame: FrameLocator, status: number): Promise<string> {
  const button = frame.getByRole('button', { name: /^Run( again)?$/ })
  await button.click()
  const shown = frame.locator('.status-line .status')
  await shown.and(frame.locator(`[data-status="${status}"]`)).waitFor({ timeout: 30_000 })
  return (await frame.getByLabel('Rate-limit headers').textContent()) ?? ''
}

test('in the browser both examples start through the embed worker, answer, and keep their own rate windows', async () => {
  assert.ok(browser)
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const errors: string[] = []
  context.on('weberror', (error) => errors.push(String(error.error())))
  const page = await context.newPage()
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 429/.test(message.text())) errors.push(message.text())
  })
  await page.goto(`${docsOrigin}/`)
  const status = example_(page, 'get-status')
  const limited = example_(page, 'rate-limited')
  await page.locator('[data-sandbox-example-id="rate-limited"]').scrollIntoViewIfNeeded()
  for (const frame of [status, limited]) {
    await frame.getByRole('button', { name: 'Run', exact: true }).and(frame.locator(':enabled')).waitFor({ timeout: 30_000 })
    assert.equal(await frame.getByRole('note').count(), 0, 'an example fell back to running in the page')
  }
  await run(limited, 429)
  const headers = await run(status, 200)
  // The 121 requests of the other example came out of its own key's window, not this one's.
  assert.match(headers, /119 requests left/)
  const reference = page.locator('[data-sandbox-reference] > iframe')
  await reference.scrollIntoViewIfNeeded()
  assert.equal(await reference.getAttribute('src'), `${sandboxUrl}reference.html`)
  assert.equal(await reference.getAttribute('sandbox'), 'allow-scripts allow-same-origin')
  assert.deepEqual(errors, [], errors.join('\n'))
  await context.close()
})
