import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8')

it('serves the worker script of the installed msw', () => {
  const workerVersion = /const PACKAGE_VERSION = '([^']+)'/.exec(read('../public/mockServiceWorker.js'))?.[1]
  const installed = JSON.parse(read('../node_modules/msw/package.json')).version
  expect(
    workerVersion,
    `Failed to match public/mockServiceWorker.js (msw ${workerVersion}) to the installed msw ${installed}: run "npx msw init public --save"`,
  ).toBe(installed)
})
