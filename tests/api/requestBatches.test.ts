/**
 * Requests that arrive while a transaction runs share the next one (group
 * commit). What each request gets must not depend on the company it keeps:
 * each sees the writes of the ones before it, a refusal commits its count, a
 * bug aborts only its own work, and a request stuck behind another tab's long
 * transaction is refused at its own deadline.
 */
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/contract/ApiError.ts'
import { Deadlines } from '../../src/api/pipeline/deadlines.ts'
import { BATCH_LIMIT, RequestTransactions } from '../../src/api/pipeline/requestTransaction.ts'
import { Connection } from '../../src/api/store/connection.ts'
import { MemoryDatabase } from '../../src/api/store/memoryDatabase.ts'
import { openDatabase } from '../../src/api/store/openDatabase.ts'
import type { RequestTransaction } from '../../src/api/store/requestTransaction.ts'
import { StoreError } from '../../src/api/store/StoreError.ts'
import { holdTransaction } from './support/holdTransaction.ts'

const engines = {
  memory: () => new Connection({ name: 'memory', open: async () => new MemoryDatabase() }),
  indexedDB: () => {
    const indexedDB = new IDBFactory()
    return new Connection({ name: 'batches', open: () => openDatabase({ indexedDB, name: 'batches', timeoutMs: 1000 }) })
  },
}

/** A request's work that counts in one record: read, add one, write. */
const increment = async (tx: RequestTransaction) => {
  const store = tx.objectStore('usage')
  const key = ['p', '2026-11-26', 'getProjectStatus'] as [string, string, string]
  const record = await store.read(key)
  const requests = (record?.requests ?? 0) + 1
  store.putLater({ projectId: 'p', day: '2026-11-26', operationId: 'getProjectStatus', requests, errors: 0 })
  return requests
}

const readCount = async (connection: Connection) => {
  const db = await connection.get()
  const tx = db.transaction(['usage'], 'readonly')
  const record = await tx.objectStore('usage').read(['p', '2026-11-26', 'getProjectStatus'])
  return record?.requests ?? 0
}

describe.each(Object.entries(engines))('request transactions over %s', (_, open) => {
  it('gives parallel requests one after another, each seeing the writes before it', async () => {
    const connection = open()
    const transactions = new RequestTransactions(connection, new Deadlines(5000))
    const answers = await Promise.all(Array.from({ length: BATCH_LIMIT * 2 + 5 }, () => transactions.run(increment)))
    expect([...answers].sort((a, b) => a - b)).toEqual(Array.from({ length: BATCH_LIMIT * 2 + 5 }, (_, index) => index + 1))
    expect(await readCount(connection)).toBe(BATCH_LIMIT * 2 + 5)
  })

  it('commits a refusal with its batch and hands the ApiError to its request alone', async () => {
    const connection = open()
    const transactions = new RequestTransactions(connection, new Deadlines(5000))
    const refused = async (tx: RequestTransaction) => {
      await increment(tx)
      throw new ApiError('scope_missing', 'Failed: refused after counting')
    }
    const results = await Promise.allSettled([transactions.run(increment), transactions.run(refused), transactions.run(increment)])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(ApiError)
    expect(await readCount(connection)).toBe(3)
  })

  it('aborts a bug with nothing of its work stored, and runs the requests beside it again', async () => {
    const connection = open()
    const transactions = new RequestTransactions(connection, new Deadlines(5000))
    const bug = new TypeError('a bug in an operation')
    const broken = async (tx: RequestTransaction) => {
      await increment(tx)
      throw bug
    }
    const results = await Promise.allSettled([
      transactions.run(increment),
      transactions.run(increment),
      transactions.run(broken),
      transactions.run(increment),
    ])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled'])
    expect((results[2] as PromiseRejectedResult).reason).toBe(bug)
    expect(await readCount(connection)).toBe(3)
  })
})

describe('a request whose batches keep failing', () => {
  it('runs again once, and is refused with 503 when a second batch it ran in is aborted too', async () => {
    const connection = engines.memory()
    const transactions = new RequestTransactions(connection, new Deadlines(5000))
    const bug = (name: string, then?: () => void) => async (tx: RequestTransaction) => {
      await increment(tx)
      then?.()
      throw new TypeError(name)
    }
    let third: Promise<number> | undefined
    const first = transactions.run(increment)
    // B shares a batch with the second bug, then, run again, with a third that arrived meanwhile.
    const b = transactions.run(increment)
    const second = transactions.run(
      bug('second', () => {
        third = transactions.run(bug('third'))
      }),
    )
    const results = await Promise.allSettled([first, b, second])
    await expect(third).rejects.toThrow('third')
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'rejected'])
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(StoreError)
    expect(await readCount(connection)).toBe(1)
  })
})

describe('a request stuck behind another tab', () => {
  it('is refused with a StoreError at its own deadline, queued or running, and the next one runs', async () => {
    const indexedDB = new IDBFactory()
    const connection = new Connection({ name: 'stuck', open: () => openDatabase({ indexedDB, name: 'stuck', timeoutMs: 1000 }) })
    await connection.get()
    // Another tab's transaction on the stores, kept busy for 400 ms.
    const held = await holdTransaction(indexedDB, 'stuck', 400)
    const transactions = new RequestTransactions(connection, new Deadlines(100))
    const started = Date.now()
    const results = await Promise.allSettled([transactions.run(increment), transactions.run(increment)])
    expect(results.every((result) => result.status === 'rejected' && result.reason instanceof StoreError)).toBe(true)
    expect(Date.now() - started).toBeLessThan(380)
    await held.released
    expect(await transactions.run(increment)).toBe(1)
  })
})
