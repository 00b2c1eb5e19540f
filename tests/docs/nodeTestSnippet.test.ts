/** The README's "Use it in your tests" snippet, run as written, with the package name pointed at this checkout. */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const readme = readFileSync(resolve(root, 'README.md'), 'utf8')
const start = readme.indexOf('## Use it in your tests (Node, `msw/node`)')
const code = readme.slice(start).match(/```ts\n([\s\S]*?)```/)?.[1] ?? ''
const file = resolve(import.meta.dirname, `.snippet-${process.pid}.ts`)

afterAll(() => rmSync(file, { force: true }))

it('runs the Node test snippet as written: a 200 from GET /status with a fresh key, no IndexedDB set up', async () => {
  expect(code).toContain("from 'developer-sandbox'")
  const runnable = code.replace("from 'developer-sandbox'", `from ${JSON.stringify(pathToFileURL(resolve(root, 'src/api/index.ts')).href)}`)
  writeFileSync(file, `${runnable}\nexport { res, server }\n`)
  const { res, server } = (await import(pathToFileURL(file).href)) as { res: Response; server: { close(): void } }
  try {
    expect(globalThis.indexedDB).toBeUndefined()
    expect(res.status).toBe(200)
    expect((await res.json()).apiVersion).toBe('2026-08-12')
  } finally {
    server.close()
  }
})
