/**
 * A durable host that reads its state on demand (the team sandbox's
 * workspace object): waking reads no record, memory holds only the records
 * in use, and the rules stay exact across the records it let go and a restart.
 */
import { describe, expect, it } from 'vitest'
import { openPersistentCore, type PersistentCore } from '../../src/persistence/persistentCore.ts'
import { SqlStateStore } from '../../src/persistence/sqlStateStore.ts'
import { type MemorySql, memorySql } from './support/memorySql.ts'

const HELD = 16

function open(sql: MemorySql, held: 'all' | number = HELD): Promise<PersistentCore> {
  return openPersistentCore({ store: new SqlStateStore(sql), schedule: () => {}, log: () => {}, held })
}

async function status(core: PersistentCore, key: string): Promise<number> {
  const response = await core.sandbox.handle(
    new Request('http://sandbox.test/api/developer/v1/status', { headers: { Authorization: `Bearer ${key}` } }),
  )
  await response.arrayBuffer()
  return response.status
}

async function workspaceWithKeys(count: number): Promise<{ sql: MemorySql; keys: string[] }> {
  const sql = memorySql()
  const core = await open(sql)
  const keys: string[] = []
  for (let index = 0; index < count; index++) keys.push((await core.issueKey({ scopes: ['status.read'], app: `app-${index}` })).key)
  await core.close()
  return { sql, keys }
}

const readsOfRecords = (statements: readonly string[]) => statements.filter((sql) => /^SELECT .* FROM records/.test(sql))

describe('a state read on demand', () => {
  it('opens a saved workspace without reading a record, and answers a key by reading only its own', async () => {
    const { sql, keys } = await workspaceWithKeys(200)
    sql.statements.length = 0
    const core = await open(sql)
    expect(readsOfRecords(sql.statements)).toEqual([])

    expect(await status(core, keys[137] ?? '')).toBe(200)
    // The key by its hash, its window and its project's usage (a first request of the day looks for old days to drop), each
    // by key or index, and the window and bucket again as they are first written: never a store read whole.
    const reads = readsOfRecords(sql.statements)
    expect(reads.some((statement) => statement.includes("json_extract(value, '$.hash')"))).toBe(true)
    expect(reads.length).toBeLessThanOrEqual(6)
    expect(reads.every((statement) => / AND (key|json_extract)/.test(statement))).toBe(true)
    await core.close()
  })

  it('holds no more records than its capacity once a burst over every key is saved', async () => {
    const { sql, keys } = await workspaceWithKeys(200)
    const core = await open(sql)
    for (const key of keys) expect(await status(core, key)).toBe(200)
    core.flush()
    for (const store of ['keys', 'keyActivity', 'usage', 'projects'] as const)
      expect(core.memory.table(store).size).toBeLessThanOrEqual(HELD)
    // Every request's counts are in the saved state, not only in memory.
    expect(Number(sql.db.prepare("SELECT count(*) AS n FROM records WHERE store = 'keyActivity'").get()?.n)).toBe(200)
    expect(await core.keyCount()).toBe(200)
    await core.close()
  })

  it('keeps the rate limit exact across the records it let go and across a restart', async () => {
    const { sql, keys } = await workspaceWithKeys(3)
    const [key = '', ...others] = keys
    const core = await open(sql, 1)
    for (let sent = 0; sent < 120; sent++) {
      expect(await status(core, key)).toBe(200)
      // Other keys' requests push the first key's records out between its own.
      for (const other of others) expect(await status(core, other)).toBe(200)
      if (sent % 7 === 0) core.flush()
    }
    expect(await status(core, key)).toBe(429)
    await core.close()

    const reopened = await open(sql, 1)
    expect(await status(reopened, key)).toBe(429)
    // Every request of the key's project is counted, the two refusals as errors, though its bucket was let go again and again.
    const state = await reopened.sandbox.workspace.exportState()
    const project = state.projects.find((candidate) => candidate.app === 'app-0')
    const counted = state.usage.filter((bucket) => bucket.projectId === project?.id)
    expect(counted.map(({ requests, errors }) => ({ requests, errors }))).toEqual([{ requests: 122, errors: 2 }])
    await reopened.close()
  })

  it('answers the same export as the state held whole', async () => {
    const { sql, keys } = await workspaceWithKeys(40)
    const onDemand = await open(sql, 2)
    for (const key of keys.slice(0, 25)) await status(onDemand, key)
    await onDemand.sandbox.workspace.revokeKey((await onDemand.listKeys())[3]?.id ?? '')
    const exported = await onDemand.sandbox.workspace.exportState()
    await onDemand.close()
    const whole = await open(sql, 'all')
    expect({ ...(await whole.sandbox.workspace.exportState()), exportedAt: '' }).toEqual({ ...exported, exportedAt: '' })
    await whole.close()
  })
})
