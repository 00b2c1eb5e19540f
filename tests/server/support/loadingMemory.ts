/**
 * Run by `tests/server/memoryAfterLoading.test.ts` in a Node process of its
 * own, started the way `serve` starts: loads a large state into the built
 * server's persistent sandbox as `serve --import` does, and prints as JSON
 * the heap before and after `releaseLoadingMemory`, which also runs once
 * before loading, on the small heap of a fresh process.
 *
 *   node tests/server/support/loadingMemory.ts <dist-lib folder> <state folder>
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { numberedKeys } from '../../support/oldGenerationIntake.ts'

const [library = '', folder = ''] = process.argv.slice(2)
const load = (path: string) => import(pathToFileURL(join(library, path)).href)
const { snapshotFromFixture } = await load('api/core.js')
const { openPersistentSandbox } = await load('server/persistentSandbox.js')
const { releaseLoadingMemory } = await load('server/releaseLoadingMemory.js')

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10
const heap = () => ({
  totalMB: megabytes(getHeapStatistics().total_heap_size),
  youngMB: megabytes(getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? Number.NaN),
})

const whenSmall = releaseLoadingMemory()
const exported = JSON.stringify(snapshotFromFixture({ keys: numberedKeys(12_000).map((key) => ({ key, scopes: ['status.read'] })) }))
const sandbox = await openPersistentSandbox({ statePath: join(folder, 'state.db') })
try {
  await sandbox.importExport(JSON.parse(exported), 'workspace.json')
  const loaded = heap()
  const released = releaseLoadingMemory()
  const after = heap()
  const keys = (await sandbox.listKeys()).length
  const gcLeftExposed = runInNewContext('typeof gc') !== 'undefined'
  process.stdout.write(`${JSON.stringify({ whenSmall, loaded, released, after, keys, gcLeftExposed })}\n`)
} finally {
  await sandbox.close()
}
