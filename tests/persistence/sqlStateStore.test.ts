import { describe, expect, it } from 'vitest'
import { SqlStateStore } from '../../src/persistence/sqlStateStore.ts'
import { STATE_VERSION } from '../../src/persistence/stateSchema.ts'
import { StateStoreError } from '../../src/persistence/stateStore.ts'
import { memorySql as connection } from './support/memorySql.ts'

describe('the shared state store', () => {
  it('creates the schema at the current version and keeps records by store', () => {
    const sql = connection()
    const store = new SqlStateStore(sql)
    store.write(
      [
        { store: 'keys', key: 'key_a', value: { id: 'key_a' } },
        { store: 'keyActivity', key: 'key_a', value: { keyId: 'key_a', stamps: [10, 12], lastUsedAt: 12 } },
      ],
      true,
    )
    expect(sql.query("SELECT value FROM meta WHERE name = 'version'")[0]?.value).toBe(String(STATE_VERSION))
    expect(Object.fromEntries(store.records())).toEqual({
      keyActivity: [{ keyId: 'key_a', stamps: [10, 12], lastUsedAt: 12 }],
      keys: [{ id: 'key_a' }],
    })
    store.write([{ store: 'keys', key: 'key_a', value: undefined }], false)
    expect(store.records().get('keys')).toBeUndefined()
  })

  it('migrates a version 1 state and reads its plain JSON rows', () => {
    const sql = connection()
    sql.db.exec(`
      CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE records (store TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (store, key)) WITHOUT ROWID;
      INSERT INTO meta VALUES ('format', 'developer-sandbox/state'), ('version', '1');
      INSERT INTO records VALUES ('keyActivity', '"key_a"', '{"keyId":"key_a","stamps":[1,2],"lastUsedAt":2}');
    `)
    const store = new SqlStateStore(sql)
    expect(store.records().get('keyActivity')).toEqual([{ keyId: 'key_a', stamps: [1, 2], lastUsedAt: 2 }])
    expect(sql.query("SELECT value FROM meta WHERE name = 'version'")[0]?.value).toBe(String(STATE_VERSION))
  })

  it('refuses a newer version or a foreign database and writes nothing to it', () => {
    const newer = connection()
    newer.db.exec(
      `CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES ('format', 'developer-sandbox/state'), ('version', '99');`,
    )
    expect(() => new SqlStateStore(newer)).toThrow(StateStoreError)
    expect(newer.query("SELECT name FROM sqlite_schema WHERE name = 'records'")).toEqual([])
    const foreign = connection()
    foreign.db.exec('CREATE TABLE invoices (id INTEGER)')
    expect(() => new SqlStateStore(foreign)).toThrow(/not a developer-sandbox state/)
    expect(foreign.query("SELECT name FROM sqlite_schema WHERE name = 'meta'")).toEqual([])
  })
})
