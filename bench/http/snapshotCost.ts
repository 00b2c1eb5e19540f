/**
 * What one save of the server's state costs (export the workspace, write the
 * file, fsync, rename) for a workspace of N keys each with a full rate window,
 * and the load the same state takes at start. `node bench/http/snapshotCost.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadLibrary } from '../lib/library.ts'

type StateFile = typeof import('../../src/server/stateFile.ts')
type Persistent = typeof import('../../src/server/persistentSandbox.ts')
const server = new URL('../../dist-lib/server/', import.meta.url)
const { writeStateFile }: StateFile = await import(new URL('stateFile.js', server).href)
const { openPersistentSandbox }: Persistent = await import(new URL('persistentSandbox.js', server).href)
const { createSandboxCore, SCOPES } = await loadLibrary()
const { IDBFactory } = await import('fake-indexeddb')

const work = mkdtempSync(join(tmpdir(), 'snapshot-cost-'))
const rows: string[] = []
try {
  for (const keys of [1, 100, 1000, 3000]) {
    const sandbox = createSandboxCore({ indexedDB: new IDBFactory() })
    const issued: string[] = []
    for (let index = 0; index < keys; index++) issued.push((await sandbox.workspace.issueKey({ scopes: SCOPES })).key)
    // A full window on every key: the most a state holds.
    for (const key of issued) {
      for (let call = 0; call < 120; call++) {
        await sandbox.handle(new Request('http://x/api/developer/v1/status', { headers: { Authorization: `Bearer ${key}` } }))
      }
    }
    const path = join(work, `state-${keys}.json`)
    const samples: number[] = []
    let bytes = 0
    for (let round = 0; round < 5; round++) {
      const begin = performance.now()
      const snapshot = await sandbox.workspace.exportState()
      await writeStateFile(path, snapshot)
      samples.push(performance.now() - begin)
      bytes = JSON.stringify(snapshot).length
    }
    await sandbox.close()
    const loadBegin = performance.now()
    const reopened = await openPersistentSandbox({ statePath: path })
    const loadMs = performance.now() - loadBegin
    await reopened.close()
    samples.sort((a, b) => a - b)
    rows.push(
      `${String(keys).padStart(5)} keys  ${String(Math.round(bytes / 1024)).padStart(6)} KiB  save median ${samples[2]?.toFixed(1)} ms  load ${loadMs.toFixed(0)} ms`,
    )
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
process.stdout.write(`${rows.join('\n')}\n`)
