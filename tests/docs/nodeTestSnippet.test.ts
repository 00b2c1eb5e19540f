/** The Node test snippet of the README and docs/testing.md, run as written, with the package name pointed at this checkout. */
import { rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, expect, it } from 'vitest'
import { markdownSection } from '../support/markdown.ts'

const root = resolve(import.meta.dirname, '../..')
const firstTs = (section: string) => section.match(/```ts\n([\s\S]*?)```/)?.[1] ?? ''
const code = firstTs(markdownSection('docs/testing.md', '## In Node tests (`msw/node`)'))
const file = resolve(import.meta.dirname, `.snippet-${process.pid}.ts`)

afterAll(() => rmSync(file, { force: true }))

it('shows the same snippet in the README as in docs/testing.md', () => {
  expect(firstTs(markdownSection('README.md', '## In your tests'))).toBe(code)
})

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
