/**
 * `npm run build`, `npm run build:playground` and `npm pack` run while `npm start` serves the same
 * project: what the build does in Node must leave the dev server's optimized dependencies
 * (node_modules/.vite/deps) as they are, or its pages fail with 504 "Outdated Optimize Dep".
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prerenderFrame } from '../../src/build/prerenderFrame.ts'
import { startDevServer } from '../support/devServer.ts'

let dev: { server: ViteDevServer; origin: string }

beforeAll(async () => {
  dev = await startDevServer()
}, 120_000)

afterAll(async () => {
  await dev?.server.close()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Opens the pages' entries as a browser would and waits until the dev server's optimization has
 * settled: its metadata on disk unchanged for a second. Resolves to that metadata.
 */
async function settledOptimization(): Promise<string> {
  for (const entry of ['/src/main.tsx', '/src/reference/main.ts']) await fetch(`${dev.origin}${entry}`)
  await dev.server.environments.client.waitForRequestsIdle()
  let last: string | undefined
  for (let steady = 0, waited = 0; steady < 10; waited += 100) {
    if (waited > 90_000) throw new Error('Failed to see the dev server settle its optimized dependencies in 90 s')
    const now = existsSync(metadataFile()) ? readFileSync(metadataFile(), 'utf8') : undefined
    steady = now !== undefined && now === last ? steady + 1 : 0
    last = now
    await sleep(100)
  }
  return last ?? ''
}

const metadataFile = () => join(dev.server.config.cacheDir, 'deps/_metadata.json')

/** Every optimized file, as the dev server writes its address into the modules it serves. */
function dependencyUrls(): string[] {
  const optimizer = dev.server.environments.client.depsOptimizer
  if (!optimizer) throw new Error('Failed to list the optimized dependencies: the dev server has no optimizer')
  const { optimized, chunks } = optimizer.metadata
  return [...Object.values(optimized), ...Object.values(chunks)].map(
    (info) => `/${relative(dev.server.config.root, optimizer.getOptimizedDepId(info))}`,
  )
}

describe('a build beside a running dev server', () => {
  it('leaves the optimized dependencies the dev server serves in place', async () => {
    const before = await settledOptimization()
    const urls = dependencyUrls()
    expect(urls.length).toBeGreaterThan(10)

    // The build step that runs in Node: it renders the playground's frame through a Vite server of its own.
    const plugin = prerenderFrame()
    ;(plugin.configResolved as (config: { root: string }) => void)({ root: dev.server.config.root })
    const hook = plugin.transformIndexHtml as { handler(html: string, context: { filename: string }): Promise<string> }
    expect(await hook.handler('<div id="root"></div>', { filename: join(dev.server.config.root, 'index.html') })).toContain('<header')

    expect(existsSync(metadataFile()) && readFileSync(metadataFile(), 'utf8') === before, 'the optimization on disk is the same').toBe(true)
    // None of them was served before the build: each is read from the disk now.
    const failed: string[] = []
    for (const url of urls) {
      const response = await fetch(`${dev.origin}${url}`)
      if (response.status !== 200) failed.push(`${url}: ${response.status}`)
    }
    expect(failed).toEqual([])
  }, 120_000)
})
