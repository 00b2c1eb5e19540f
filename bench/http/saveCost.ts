/**
 * What the server's state costs on disk, for a workspace of N keys each with
 * a full rate window (the most a state holds): the load at start, one
 * write-behind save of a busy half second (every record 500 requests change,
 * spread over 50 keys), and one key issued (saved with fsync before it
 * answers). `node bench/http/saveCost.ts` after `npm run build:lib`.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

type Persistent = typeof import('../../src/server/persistentSandbox.ts')
const server = new URL('../../dist-lib/server/', import.meta.url)
const { openPersistentSandbox }: Persistent = await import(new URL('persistentSandbox.js', server).href)
const SCOPES = ['status.read'] as const

const work = mkdtempSync(join(tmpdir(), 'save-cost-'))
const status = (key: string) => ({
  method: 'GET',
  url: 'http://x/api/developer/v1/status',
  headers: { get: (name: string) => (name === 'authorization' ? `Bearer ${key}` : null) },
  body: null,
})
const rows: string[] = []
try {
  for (const count of [1, 100, 1000, 3000]) {
    const path = join(work, `state-${count}.db`)
    const filling = await openPersistentSandbox({ statePath: path, writeBehindMs: 60_000 })
    const keys: string[] = []
    for (let index = 0; index < count; index++) keys.push((await filling.issueKey({ scopes: SCOPES })).key)
    for (const key of keys) for (let call = 0; call < 120; call++) await filling.answer(status(key))
    await filling.close()

    const loadBegin = performance.now()
    const sandbox = await openPersistentSandbox({ statePath: path, writeBehindMs: 60_000 })
    const loadMs = performance.now() - loadBegin
    const busy = keys.slice(0, 50)
    const saves: number[] = []
    for (let round = 0; round < 5; round++) {
      for (let call = 0; call < 500; call++) await sandbox.answer(status(busy[call % busy.length] ?? ''))
      const begin = performance.now()
      await sandbox.save()
      saves.push(performance.now() - begin)
    }
    const issueBegin = performance.now()
    await sandbox.issueKey({ scopes: SCOPES })
    const issueMs = performance.now() - issueBegin
    await sandbox.close()
    saves.sort((a, b) => a - b)
    rows.push(
      `${String(count).padStart(5)} keys  ${String(Math.round(statSync(path).size / 1024)).padStart(6)} KiB  load ${loadMs.toFixed(0)} ms  ` +
        `save of 500 requests median ${saves[2]?.toFixed(1)} ms  key issued and fsynced ${issueMs.toFixed(1)} ms`,
    )
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
process.stdout.write(`${rows.join('\n')}\n`)
