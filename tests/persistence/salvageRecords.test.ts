/** What a reset with keepKeys keeps of a saved state that does not load, read from the rows as written. */
import { describe, expect, it } from 'vitest'
import { salvageRecords } from '../../src/persistence/salvageRecords.ts'
import { SqlStateStore } from '../../src/persistence/sqlStateStore.ts'
import { memorySql } from './support/memorySql.ts'

const HASH = 'a'.repeat(64)
const project = (id: string) => ({
  id,
  slug: `${id}-test`,
  app: id,
  environment: 'test',
  createdAt: 1,
  webhookSecret: 'whsec_x',
})
const key = (id: string, projectId: string) => ({
  id,
  hash: HASH.slice(0, 63) + id.slice(-1),
  lastFour: 'abcd',
  projectId,
  app: 'a',
  environment: 'test',
  scopes: ['status.read'],
  createdAt: 1,
  expiresAt: 2,
  revokedAt: null,
  label: '',
})

/** A state with two projects, three keys and an endpoint, then `edit` run on its rows. */
function state(edit: (run: (sql: string) => void) => void) {
  const sql = memorySql()
  const store = new SqlStateStore(sql)
  store.write(
    [
      { store: 'projects', key: 'prj_a', value: project('prj_a') },
      { store: 'projects', key: 'prj_b', value: project('prj_b') },
      { store: 'keys', key: 'key_1', value: key('key_1', 'prj_a') },
      { store: 'keys', key: 'key_2', value: key('key_2', 'prj_a') },
      { store: 'keys', key: 'key_3', value: key('key_3', 'prj_b') },
      {
        store: 'webhookEndpoints',
        key: 'we_1',
        value: { id: 'we_1', projectId: 'prj_b', url: 'https://x.test', latestDelivery: { status: 'none' } },
      },
      { store: 'keyActivity', key: 'key_1', value: { keyId: 'key_1', stamps: [5], lastUsedAt: 5 } },
    ],
    true,
  )
  edit((statement) => sql.db.exec(statement))
  return sql
}

const keptIds = (salvage: ReturnType<typeof salvageRecords>) =>
  salvage.kind === 'kept' ? salvage.rows.map((row) => `${row.store}:${JSON.parse(row.key)}`) : []

describe('salvaging the saved records', () => {
  it('keeps every good row as written and names the one that failed its check', () => {
    const sql = state((run) =>
      run(`UPDATE records SET value = json_set(value, '$.scopes', json('["admin.everything"]')) WHERE key = '"key_2"'`),
    )
    const salvage = salvageRecords(sql)
    expect(salvage).toMatchObject({ kind: 'kept', dropped: [{ store: 'keys', id: 'key_2', reason: expect.stringContaining('/scopes') }] })
    expect(keptIds(salvage).sort()).toEqual(['keys:key_1', 'keys:key_3', 'projects:prj_a', 'projects:prj_b', 'webhookEndpoints:we_1'])
  })

  it('leaves out usage and rate windows, which any reset clears, without naming them', () => {
    const sql = state((run) => run(`UPDATE records SET value = 'not json' WHERE store = 'keyActivity'`))
    expect(salvageRecords(sql)).toMatchObject({ kind: 'kept', dropped: [] })
  })

  it('names a key whose project is not saved at all, and an endpoint of a damaged project no key needs', () => {
    const orphan = state((run) => run(`UPDATE records SET value = json_set(value, '$.projectId', 'prj_gone') WHERE key = '"key_3"'`))
    expect(salvageRecords(orphan)).toMatchObject({
      kind: 'kept',
      dropped: [{ store: 'keys', id: 'key_3', reason: 'it belongs to the project "prj_gone", which is not kept' }],
    })
    const lonely = state((run) => {
      run(`DELETE FROM records WHERE key = '"key_3"'`)
      run(`UPDATE records SET value = json_set(value, '$.webhookSecret', 'nope') WHERE key = '"prj_b"'`)
    })
    const salvage = salvageRecords(lonely)
    expect(salvage).toMatchObject({
      kind: 'kept',
      dropped: [
        { store: 'projects', id: 'prj_b' },
        { store: 'webhookEndpoints', id: 'we_1' },
      ],
    })
    expect(keptIds(salvage).sort()).toEqual(['keys:key_1', 'keys:key_2', 'projects:prj_a'])
  })

  it('refuses rather than drop good keys with their damaged project, and a state of a newer version', () => {
    const damaged = state((run) => run(`UPDATE records SET value = json_set(value, '$.webhookSecret', 'nope') WHERE key = '"prj_a"'`))
    const refused = salvageRecords(damaged)
    expect(refused.kind).toBe('refused')
    expect(refused.kind === 'refused' && refused.reason).toMatch(
      /the saved project "prj_a" .*"\/webhookSecret".*the keys "key_1", "key_2" belong to it/,
    )
    const newer = state((run) => run(`UPDATE meta SET value = '99' WHERE name = 'version'`))
    expect(salvageRecords(newer)).toMatchObject({ kind: 'refused', reason: expect.stringContaining('version 99') })
  })
})
