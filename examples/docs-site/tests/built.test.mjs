// The built page is what a docs host serves: it must carry both live examples, the loader and the reference.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { test } from 'node:test'

const sandbox = (process.env.VITE_SANDBOX_URL || 'http://localhost:4173/').replace(/\/?$/, '/')
const html = readFileSync(new URL('../docs/.vitepress/dist/index.html', import.meta.url), 'utf8')

test('the built page loads embed.js from the sandbox site once', () => {
  const loaders = html.match(/<script[^>]*src="([^"]*embed\.js)"[^>]*>/g) ?? []
  assert.equal(loaders.length, 1)
  assert.ok(loaders[0].includes(`src="${sandbox}embed.js"`), loaders[0])
})

test('the built page has the two live example placeholders, with their titles', () => {
  assert.match(html, /<div data-sandbox-example="get-status" data-title="Get the project status" style="min-height:317px;?"><\/div>/)
  assert.match(html, /<div data-sandbox-example="rate-limited" data-title="The rate limit" style="min-height:355px;?"><\/div>/)
})

test('the built page frames the API reference of the sandbox site, sandboxed as the embeds are', () => {
  const frame = html.match(/<iframe[^>]*class="sandbox-reference"[^>]*>/)?.[0] ?? ''
  assert.ok(frame.includes(`src="${sandbox}reference.html"`), frame)
  assert.ok(frame.includes('sandbox="allow-scripts allow-same-origin"'), frame)
  assert.ok(frame.includes('title="Developer Sandbox API reference"'), frame)
})

test('the built site loads nothing from any host but the sandbox site: its fonts and styles are its own files', () => {
  const hosts = [...html.matchAll(/(?:src|href)="(https?:\/\/[^"/]+)/g)].map(([, origin]) => origin)
  assert.deepEqual(
    [...new Set(hosts)].filter((origin) => origin !== new URL(sandbox).origin),
    [],
  )
  const assets = new URL('../docs/.vitepress/dist/assets/', import.meta.url)
  const styles = readdirSync(assets).filter((name) => name.endsWith('.css'))
  assert.ok(styles.length > 0)
  for (const name of styles) assert.deepEqual(readFileSync(new URL(name, assets), 'utf8').match(/url\(\s*["']?(https?:)?\/\//g), null, name)
})
