/**
 * A memory store over saved state (read on demand, holding one record per
 * store once saved) answers every read as a memory store holding everything:
 * random puts, adds, deletes, clears and aborted transactions, with the host
 * saving at random moments and the tables letting go of what is saved.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MemoryDatabase, type RecordWrite } from '../../src/api/index.ts'
import type { SavedTable } from '../../src/api/store/memoryDatabase.ts'
import type { KeyRecord } from '../../src/api/store/records.ts'

type Op =
  | { kind: 'put'; id: number; hash: number; project: number }
  | { kind: 'add'; id: number; hash: number; project: number }
  | { kind: 'delete'; id: number }
  | { kind: 'clear' }
  | { kind: 'abort'; id: number; hash: number }
  | { kind: 'save' }

const small = fc.nat(5)
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('put' as const), id: small, hash: small, project: fc.nat(2) }),
  fc.record({ kind: fc.constant('add' as const), id: small, hash: small, project: fc.nat(2) }),
  fc.record({ kind: fc.constant('delete' as const), id: small }),
  fc.constant({ kind: 'clear' as const }),
  fc.record({ kind: fc.constant('abort' as const), id: small, hash: small }),
  fc.constant({ kind: 'save' as const }),
)

function key(id: number, hash: number, project = 0): KeyRecord {
  return {
    id: `key_${id}`,
    hash: `h${hash}`,
    lastFour: 'abcd',
    projectId: `prj_${project}`,
    app: 'app',
    environment: 'sandbox',
    scopes: ['status.read'],
    createdAt: id,
    expiresAt: hash,
    revokedAt: null,
    label: '',
  }
}

/** The keys store saved as a host saves it: a map written from the commits, when the host chooses. */
function savedKeys() {
  const rows = new Map<string, KeyRecord>()
  const pending = new Map<string, RecordWrite>()
  const table: SavedTable = {
    get: (id) => structuredClone(rows.get(String(id))),
    getByIndex: (index, value) =>
      [...rows.values()].filter((row) => (index === 'byHash' ? row.hash : row.projectId) === value).map((row) => structuredClone(row)),
    getAll: () => [...rows.values()].map((row) => structuredClone(row)),
  }
  const db = new MemoryDatabase({
    onCommit: (writes) => {
      for (const write of writes) if (write.store === 'keys') pending.set(write.id, write)
    },
    saved: { tables: { keys: table }, capacity: 1, unsaved: (id) => pending.has(id) },
  })
  const save = () => {
    for (const write of pending.values()) {
      if (write.value === undefined) rows.delete(String(write.key))
      else rows.set(String(write.key), structuredClone(write.value as KeyRecord))
    }
    pending.clear()
    db.release()
  }
  return { db, save, rows }
}

/** Runs one operation in its own transaction; the outcome is what a caller sees (done, or the error's name). */
async function apply(db: MemoryDatabase, item: Op): Promise<string> {
  if (item.kind === 'save') return 'saved'
  const tx = db.transaction(['keys'], 'readwrite')
  const keys = tx.objectStore('keys')
  try {
    if (item.kind === 'put') await keys.put(key(item.id, item.hash, item.project))
    else if (item.kind === 'add') await keys.add(key(item.id, item.hash, item.project))
    else if (item.kind === 'delete') await keys.delete(`key_${item.id}`)
    else if (item.kind === 'clear') await keys.clear()
    else {
      await keys.put(key(item.id, item.hash, 9))
      await keys.delete(`key_${(item.id + 1) % 6}`)
      tx.abort()
    }
    tx.commit()
    await tx.done
    return 'done'
  } catch (error) {
    await tx.done.catch(() => {})
    return error instanceof Error ? (((error.cause as Error | undefined)?.name ?? error.name) as string) : 'thrown'
  }
}

/** Everything a reader can ask of the store, in one read-only transaction. */
async function reads(db: MemoryDatabase) {
  const tx = db.transaction(['keys'], 'readonly')
  const keys = tx.objectStore('keys')
  const ids = Array.from({ length: 6 }, (_, index) => `key_${index}`)
  return {
    byId: await Promise.all(ids.map((id) => keys.get(id))),
    byHash: await Promise.all(ids.map((_, index) => keys.index('byHash').get(`h${index}`))),
    byProject: await Promise.all([0, 1, 2, 9].map((project) => keys.index('byProject').getAll(`prj_${project}`))),
    all: await keys.getAll(),
  }
}

describe('a memory store over saved state, holding one record per store', () => {
  it('answers every read and refuses every write as the store holding everything does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 30 }),
        fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
        async (ops, readAfter) => {
          const whole = new MemoryDatabase()
          const saved = savedKeys()
          for (const [index, item] of ops.entries()) {
            const outcome = await apply(saved.db, item)
            if (item.kind !== 'save') expect(outcome).toBe(await apply(whole, item))
            else saved.save()
            if (readAfter[index]) expect(await reads(saved.db)).toEqual(await reads(whole))
          }
          expect(await reads(saved.db)).toEqual(await reads(whole))
          // Once saved, the saved rows are the whole state, and the table holds no more than its capacity.
          saved.save()
          expect([...saved.rows.values()].sort((a, b) => a.id.localeCompare(b.id))).toEqual(await reads(whole).then((read) => read.all))
          expect(saved.db.table('keys').size).toBeLessThanOrEqual(1)
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('letting go of saved records', () => {
  it('keeps a record whose change is not saved yet, though a full read left the table far over its capacity', async () => {
    const whole = new MemoryDatabase()
    const saved = savedKeys()
    const both = async (item: Op) => expect(await apply(saved.db, item)).toBe(await apply(whole, item))
    for (const id of [0, 1, 2]) await both({ kind: 'put', id, hash: id, project: 0 })
    saved.save()
    await both({ kind: 'put', id: 3, hash: 3, project: 1 })
    // The full read holds every saved record beside the unsaved one; letting go afterwards must spare the unsaved one.
    expect(await reads(saved.db)).toEqual(await reads(whole))
    // The read-only transaction commits on a later turn; the tables let go once it has settled.
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(saved.db.table('keys').size).toBeLessThanOrEqual(2)
    expect(await reads(saved.db)).toEqual(await reads(whole))
  })
})
