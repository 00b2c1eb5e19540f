import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createSandbox, MemoryDatabase, type RecordWrite, STORE_NAMES } from '../../src/api/index.ts'
import { STORE_LAYOUT } from '../../src/api/store/layout.ts'
import type { KeyRecord, ProjectRecord } from '../../src/api/store/records.ts'
import { StoreError } from '../../src/api/store/StoreError.ts'

function keyRecord(id: string, hash: string, projectId = 'prj_a'): KeyRecord {
  return {
    id,
    hash,
    lastFour: 'abcd',
    projectId,
    app: 'app',
    environment: 'sandbox',
    scopes: ['status.read'],
    createdAt: 1,
    expiresAt: 2,
    revokedAt: null,
    label: '',
  }
}

async function withKeys(db: MemoryDatabase, ...records: KeyRecord[]): Promise<void> {
  const tx = db.transaction(['keys'], 'readwrite')
  for (const record of records) await tx.objectStore('keys').put(record)
  tx.commit()
  await tx.done
}

async function allKeys(db: MemoryDatabase): Promise<KeyRecord[]> {
  return db.transaction(['keys'], 'readonly').objectStore('keys').getAll()
}

describe('the memory store keeps IndexedDB transaction rules', () => {
  it('runs overlapping read-modify-write transactions one after another, so no update is lost', async () => {
    const db = new MemoryDatabase()
    await withKeys(db, keyRecord('key_1', 'h1'))
    const bump = async () => {
      const tx = db.transaction(['keys'], 'readwrite')
      const record = await tx.objectStore('keys').get('key_1')
      if (!record) throw new Error('missing')
      // The other transactions get their turn here if the store let them in.
      await tx.objectStore('keys').get('key_1')
      record.createdAt += 1
      await tx.objectStore('keys').put(record)
      await tx.done
    }
    await Promise.all(Array.from({ length: 20 }, bump))
    expect((await allKeys(db))[0]?.createdAt).toBe(21)
  })

  it('undoes every put, delete and clear of an aborted transaction, indexes included', async () => {
    const db = new MemoryDatabase()
    await withKeys(db, keyRecord('key_1', 'h1'), keyRecord('key_2', 'h2'))
    const tx = db.transaction(['keys'], 'readwrite')
    const keys = tx.objectStore('keys')
    await keys.put({ ...keyRecord('key_1', 'h1-new') })
    await keys.delete('key_2')
    await keys.put(keyRecord('key_3', 'h3'))
    await keys.clear()
    await keys.put(keyRecord('key_4', 'h2'))
    tx.abort()
    await expect(tx.done).rejects.toBeInstanceOf(StoreError)
    expect((await allKeys(db)).map((key) => [key.id, key.hash])).toEqual([
      ['key_1', 'h1'],
      ['key_2', 'h2'],
    ])
    const read = db.transaction(['keys'], 'readonly').objectStore('keys').index('byHash')
    expect((await read.get('h1'))?.id).toBe('key_1')
    expect(await read.get('h1-new')).toBeUndefined()
    expect(await read.get('h3')).toBeUndefined()
  })

  it('refuses an add over an existing key or a unique index value, and the refusal aborts the whole transaction', async () => {
    const db = new MemoryDatabase()
    await withKeys(db, keyRecord('key_1', 'h1'))
    const duplicateKey = db.transaction(['keys'], 'readwrite')
    await duplicateKey.objectStore('keys').put(keyRecord('key_9', 'h9'))
    await expect(duplicateKey.objectStore('keys').add(keyRecord('key_1', 'other'))).rejects.toThrow(/ConstraintError/)
    await expect(duplicateKey.done).rejects.toThrow(/ConstraintError/)
    const duplicateHash = db.transaction(['keys'], 'readwrite')
    await expect(duplicateHash.objectStore('keys').put(keyRecord('key_2', 'h1'))).rejects.toThrow(/index "byHash"/)
    expect((await allKeys(db)).map((key) => key.id)).toEqual(['key_1'])
  })

  it('refuses writes in a read-only transaction and any request after the transaction finished', async () => {
    const db = new MemoryDatabase()
    const readOnly = db.transaction(['keys'], 'readonly')
    await expect(readOnly.objectStore('keys').put(keyRecord('key_1', 'h1'))).rejects.toThrow(/ReadOnlyError/)
    const finished = db.transaction(['keys'], 'readwrite')
    finished.commit()
    await finished.done
    await expect(finished.objectStore('keys').get('key_1')).rejects.toThrow(/TransactionInactiveError/)
    expect(() => db.transaction(['keys'], 'readwrite').objectStore('projects' as 'keys')).toThrow(StoreError)
  })

  it('commits by itself once the event loop turns, as IndexedDB does', async () => {
    const db = new MemoryDatabase()
    const tx = db.transaction(['keys'], 'readwrite')
    tx.objectStore('keys').putLater(keyRecord('key_1', 'h1'))
    await tx.done
    expect(await allKeys(db)).toHaveLength(1)
  })

  it('gives a transaction that waited behind one left open its own turn: its chained requests run before it commits itself', async () => {
    const db = new MemoryDatabase()
    const first = db.transaction(['keys'], 'readwrite')
    first.objectStore('keys').putLater(keyRecord('key_1', 'h1'))
    const second = db.transaction(['keys'], 'readwrite')
    const chained = (async () => {
      const read = await second.objectStore('keys').get('key_1')
      await second.objectStore('keys').put({ ...keyRecord('key_2', 'h2'), createdAt: (read?.createdAt ?? 0) + 1 })
      await second.objectStore('keys').put(keyRecord('key_3', 'h3'))
    })()
    await Promise.all([first.done, second.done, chained])
    expect((await allKeys(db)).map((key) => [key.id, key.createdAt])).toEqual([
      ['key_1', 1],
      ['key_2', 2],
      ['key_3', 1],
    ])
  })

  it('keeps indexes in step when a write moves a record to another index key, and when it leaves the key as it was', async () => {
    const db = new MemoryDatabase()
    await withKeys(db, keyRecord('key_1', 'h1', 'prj_a'), keyRecord('key_2', 'h2', 'prj_a'))
    await withKeys(db, { ...keyRecord('key_1', 'h1-moved', 'prj_b'), label: 'moved' })
    await withKeys(db, { ...keyRecord('key_2', 'h2', 'prj_a'), label: 'same keys' })
    const keys = db.transaction(['keys'], 'readonly').objectStore('keys')
    expect(await keys.index('byHash').get('h1')).toBeUndefined()
    expect((await keys.index('byHash').get('h1-moved'))?.label).toBe('moved')
    expect((await keys.index('byHash').get('h2'))?.label).toBe('same keys')
    expect((await keys.index('byProject').getAll('prj_a')).map((key) => key.id)).toEqual(['key_2'])
    expect((await keys.index('byProject').getAll('prj_b')).map((key) => key.id)).toEqual(['key_1'])
  })

  it('hands out copies: editing what was read or written changes nothing stored', async () => {
    const db = new MemoryDatabase()
    const written = keyRecord('key_1', 'h1')
    await withKeys(db, written)
    written.scopes.push('tools.read')
    const [read] = await allKeys(db)
    read?.scopes.push('webhooks.test')
    expect((await allKeys(db))[0]?.scopes).toEqual(['status.read'])
  })

  it('takes a value handed to putLater, and still refuses one that is not JSON-shaped', async () => {
    const db = new MemoryDatabase()
    const tx = db.transaction(['keys'], 'readwrite')
    const handed = keyRecord('key_1', 'h1')
    tx.objectStore('keys').putLater(handed)
    expect(await tx.objectStore('keys').get('key_1')).toEqual(handed)
    tx.objectStore('keys').putLater({ ...keyRecord('key_2', 'h2'), label: (() => 'x') as unknown as string })
    await expect(tx.done).rejects.toThrow(/not JSON-shaped/)
    expect(await allKeys(db)).toEqual([])
  })

  it('returns records in IndexedDB key order: strings by code unit, compound keys part by part', async () => {
    const db = new MemoryDatabase()
    await withKeys(db, keyRecord('key_b', 'h1'), keyRecord('key_B', 'h2'), keyRecord('key_a', 'h3', 'prj_b'), keyRecord('key_é', 'h4'))
    expect((await allKeys(db)).map((key) => key.id)).toEqual(['key_B', 'key_a', 'key_b', 'key_é'])
    const byProject = await db.transaction(['keys'], 'readonly').objectStore('keys').index('byProject').getAll('prj_a')
    expect(byProject.map((key) => key.id)).toEqual(['key_B', 'key_b', 'key_é'])
    const tx = db.transaction(['usage'], 'readwrite')
    for (const [day, operationId] of [
      ['2026-11-02', 'b'],
      ['2026-11-02', 'a'],
      ['2026-10-30', 'z'],
    ] as const) {
      tx.objectStore('usage').putLater({ projectId: 'prj_a', day, operationId, requests: 1, errors: 0 })
    }
    const usage = await tx.objectStore('usage').getAll()
    expect(usage.map((bucket) => `${bucket.day}/${bucket.operationId}`)).toEqual(['2026-10-30/z', '2026-11-02/a', '2026-11-02/b'])
  })

  it('reports each committed transaction’s records once, with deletions as undefined, and nothing of an aborted one', async () => {
    const commits: RecordWrite[][] = []
    const db = new MemoryDatabase({ onCommit: (writes) => commits.push([...writes]) })
    await withKeys(db, keyRecord('key_1', 'h1'), keyRecord('key_2', 'h2'))
    const tx = db.transaction(['keys', 'projects'], 'readwrite')
    await tx.objectStore('keys').put({ ...keyRecord('key_1', 'h1'), label: 'first' })
    await tx.objectStore('keys').put({ ...keyRecord('key_1', 'h1'), label: 'second' })
    await tx.objectStore('keys').delete('key_2')
    tx.commit()
    await tx.done
    const aborted = db.transaction(['projects'], 'readwrite')
    const project: ProjectRecord = { id: 'prj_x', slug: 'x', app: 'x', environment: 'y', createdAt: 1, webhookSecret: 'whsec_x' }
    await aborted.objectStore('projects').put(project)
    aborted.abort()
    await aborted.done.catch(() => {})
    expect(commits).toHaveLength(2)
    expect(commits[1]?.map(({ store, key, value }) => [store, key, (value as KeyRecord | undefined)?.label])).toEqual([
      ['keys', 'key_1', 'second'],
      ['keys', 'key_2', undefined],
    ])
    const ids = commits.flat().map((write) => write.id)
    expect(new Set(ids).size).toBe(2)
    expect(ids.slice(0, 2)).toEqual(ids.slice(2))
  })

  it('holds the same stores, keys and indexes as the IndexedDB schema its migrations build', async () => {
    const indexedDB = new IDBFactory()
    const sandbox = await createSandbox({ indexedDB, databaseName: 'layout' })
    await sandbox.workspace.listKeys()
    await sandbox.close()
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('layout')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const names = Array.from(db.objectStoreNames)
    const tx = db.transaction(names, 'readonly')
    const actual = Object.fromEntries(
      names.map((name) => {
        const store = tx.objectStore(name)
        const indexes = Object.fromEntries(
          Array.from(store.indexNames).map((index) => [index, { keyPath: store.index(index).keyPath, unique: store.index(index).unique }]),
        )
        return [name, { keyPath: store.keyPath, indexes }]
      }),
    )
    db.close()
    expect(names.sort()).toEqual([...STORE_NAMES].sort())
    expect(actual).toEqual(JSON.parse(JSON.stringify(STORE_LAYOUT)))
  })
})

describe('loading records into the memory store', () => {
  it('replaces the named stores, keeps their indexes, and leaves the others as they were', async () => {
    const db = new MemoryDatabase()
    await withKeys(db, keyRecord('key_old', 'h-old'))
    db.load({ keys: [keyRecord('key_1', 'h1', 'prj_a'), keyRecord('key_2', 'h2', 'prj_b')] })
    const tx = db.transaction(['keys', 'tools'], 'readonly')
    expect((await tx.objectStore('keys').getAll()).map((key) => key.id)).toEqual(['key_1', 'key_2'])
    expect((await tx.objectStore('keys').index('byHash').get('h2'))?.id).toBe('key_2')
    expect(await tx.objectStore('keys').index('byHash').get('h-old')).toBeUndefined()
    expect((await tx.objectStore('keys').index('byProject').getAll('prj_a')).map((key) => key.id)).toEqual(['key_1'])
    expect((await tx.objectStore('tools').getAll()).length).toBeGreaterThan(0)
  })

  it('hands out copies of loaded records, as of every other', async () => {
    const db = new MemoryDatabase()
    db.load({ keys: [keyRecord('key_1', 'h1')] })
    const read = await db.transaction(['keys'], 'readonly').objectStore('keys').get('key_1')
    if (!read) throw new Error('missing')
    read.scopes.push('usage.read')
    expect((await db.transaction(['keys'], 'readonly').objectStore('keys').get('key_1'))?.scopes).toEqual(['status.read'])
  })

  it('reports the records it put and the ones it removed, as a commit does', () => {
    const reported: RecordWrite[] = []
    const db = new MemoryDatabase({ onCommit: (writes) => reported.push(...writes) })
    db.load({ keys: [keyRecord('key_1', 'h1'), keyRecord('key_2', 'h2')] })
    reported.length = 0
    db.load({ keys: [keyRecord('key_2', 'h2-new')] })
    expect(reported.map(({ store, key, value }) => [store, key, (value as KeyRecord | undefined)?.hash])).toEqual([
      ['keys', 'key_1', undefined],
      ['keys', 'key_2', 'h2-new'],
    ])
  })

  it('refuses a record without a key or a clash on a key or a unique index, and changes nothing in any store', async () => {
    const db = new MemoryDatabase()
    await withKeys(db, keyRecord('key_kept', 'h-kept'))
    const project: ProjectRecord = { id: 'prj_a', slug: 'a', app: 'app', environment: 'sandbox', createdAt: 1, webhookSecret: 'whsec_AA' }
    const refusals: [Parameters<MemoryDatabase['load']>[0], string][] = [
      [{ projects: [project], keys: [keyRecord('key_1', 'h1'), keyRecord('key_1', 'h2')] }, 'ConstraintError'],
      [{ projects: [project], keys: [keyRecord('key_1', 'h1'), keyRecord('key_2', 'h1')] }, 'ConstraintError'],
      [{ projects: [project], keys: [{ ...keyRecord('key_1', 'h1'), id: undefined } as unknown as KeyRecord] }, 'DataError'],
    ]
    for (const [records, name] of refusals) expect(() => db.load(records)).toThrow(expect.objectContaining({ name }))
    expect((await allKeys(db)).map((key) => key.id)).toEqual(['key_kept'])
    expect(await db.transaction(['projects'], 'readonly').objectStore('projects').getAll()).toEqual([])
  })

  it('refuses to load while a transaction is open, which would see its stores change under it', async () => {
    const db = new MemoryDatabase()
    const tx = db.transaction(['keys'], 'readwrite')
    expect(() => db.load({ keys: [keyRecord('key_1', 'h1')] })).toThrow(expect.objectContaining({ name: 'InvalidStateError' }))
    tx.commit()
    await tx.done
    db.load({ keys: [keyRecord('key_1', 'h1')] })
    expect((await allKeys(db)).map((key) => key.id)).toEqual(['key_1'])
  })
})

describe('replacing stores in their turn', () => {
  it('waits behind an open transaction, and one asked for after it sees the new records through a handle taken early', async () => {
    const db = new MemoryDatabase()
    await withKeys(db, keyRecord('key_old', 'h-old'))
    const before = db.transaction(['keys'], 'readwrite')
    const replaced = db.replace({ keys: [keyRecord('key_1', 'h1')] })
    const after = db.transaction(['keys'], 'readonly').objectStore('keys')
    expect((await before.objectStore('keys').getAll()).map((key) => key.id)).toEqual(['key_old'])
    before.commit()
    await replaced
    expect((await after.getAll()).map((key) => key.id)).toEqual(['key_1'])
    expect((await after.index('byHash').get('h1'))?.id).toBe('key_1')
  })

  it('keeps copies: changing the records handed in afterwards changes nothing stored', async () => {
    const db = new MemoryDatabase()
    const record = keyRecord('key_1', 'h1')
    await db.replace({ keys: [record] })
    record.scopes.push('usage.read')
    expect((await allKeys(db))[0]?.scopes).toEqual(['status.read'])
  })

  it('refuses a clash as load does, changes nothing, and lets the next transaction run', async () => {
    const db = new MemoryDatabase()
    await withKeys(db, keyRecord('key_kept', 'h-kept'))
    await expect(db.replace({ keys: [keyRecord('key_1', 'h1'), keyRecord('key_2', 'h1')] })).rejects.toThrow(/index "byHash" already holds/)
    expect((await allKeys(db)).map((key) => key.id)).toEqual(['key_kept'])
  })
})

describe('reading a record only to look at it', () => {
  it('hands out the stored record itself, by key and by index, while get still copies', async () => {
    const db = new MemoryDatabase()
    await withKeys(db, keyRecord('key_1', 'h1'))
    const tx = db.transaction(['keys'], 'readonly')
    const keys = tx.objectStore('keys')
    const read = await keys.read('key_1')
    expect(read).toEqual(keyRecord('key_1', 'h1'))
    expect(await keys.read('key_1')).toBe(read)
    expect(await keys.index('byHash').read('h1')).toBe(read)
    expect(await keys.get('key_1')).not.toBe(read)
    expect(await keys.read('key_missing')).toBeUndefined()
  })

  it('keeps what it handed out unchanged when the record is written again: the table puts a new record in its place', async () => {
    const db = new MemoryDatabase()
    await withKeys(db, keyRecord('key_1', 'h1'))
    const before = await db.transaction(['keys'], 'readonly').objectStore('keys').read('key_1')
    await withKeys(db, { ...keyRecord('key_1', 'h1'), label: 'renamed' })
    expect(before?.label).toBe('')
    expect((await db.transaction(['keys'], 'readonly').objectStore('keys').read('key_1'))?.label).toBe('renamed')
  })
})
