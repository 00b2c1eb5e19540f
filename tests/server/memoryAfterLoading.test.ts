import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { BUILD_ROOT, REPOSITORY } from './support/paths.ts'
import { scratchFolder } from './support/sandboxServer.ts'

interface Heap {
  totalMB: number
  youngMB: number
}

// Loading a large state grows V8's young generation to its largest, and V8
// gives none of it back while the server idles. Measured in a process of its
// own, as `serve` runs: a test runner's heap is already large and trained.
it('gives back what loading a large state took, once, and leaves no gc function behind', { timeout: 60_000 }, () => {
  const output = execFileSync(
    process.execPath,
    [join(REPOSITORY, 'tests/server/support/loadingMemory.ts'), join(BUILD_ROOT, 'dist-lib'), scratchFolder()],
    { encoding: 'utf8' },
  )
  const { whenSmall, loaded, released, after, keys, gcLeftExposed } = JSON.parse(output) as {
    whenSmall: boolean
    loaded: Heap
    released: boolean
    after: Heap
    keys: number
    gcLeftExposed: boolean
  }
  // A fresh process is below the line: no collection, no start-up cost.
  expect(whenSmall).toBe(false)
  expect(loaded.youngMB).toBeGreaterThanOrEqual(32)
  expect(released).toBe(true)
  expect(after.youngMB).toBeLessThanOrEqual(4)
  expect(after.totalMB).toBeLessThan(loaded.totalMB / 2)
  // The state itself is untouched.
  expect(keys).toBe(12_000)
  expect(gcLeftExposed).toBe(false)
})
