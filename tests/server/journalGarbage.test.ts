import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { BUILD_ROOT, REPOSITORY } from './support/paths.ts'
import { scratchFolder } from './support/sandboxServer.ts'

// The journal holds each request's record for the next thousand requests. Kept
// as objects, that taught V8 to allocate the request path's objects straight into
// the old generation: measured ~1,100 bytes a request there; kept as text, ~140.
// Measured in a process of its own, as `serve` runs: a test runner's heap is
// sized and trained differently, and reads ~450 either way.
it('leaves the old generation alone with the request journal serve keeps: a request’s garbage dies young', { timeout: 60_000 }, () => {
  const output = execFileSync(
    process.execPath,
    [join(REPOSITORY, 'tests/server/support/journalIntake.ts'), join(BUILD_ROOT, 'dist-lib'), scratchFolder()],
    { encoding: 'utf8' },
  )
  const { bytes, refused, journalled } = JSON.parse(output) as { bytes: number; refused: number; journalled: number }
  expect(refused).toBe(0)
  expect(journalled).toBe(1000)
  expect(bytes).toBeLessThan(200)
})
