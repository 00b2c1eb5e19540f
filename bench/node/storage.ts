/**
 * The IndexedDB footprint after 1,000 and 10,000 requests: the JSON length of
 * every record of every object store (fake-indexeddb, in Node). Requests cycle
 * through all nine operations on one key at 100 a minute of sandbox time, so
 * none is refused by the rate limit and all fall within one UTC day.
 */
import { IDBFactory } from 'fake-indexeddb'
import { TYPICAL_MANIFEST } from '../lib/corpus.ts'
import { emit } from '../lib/emit.ts'
import { loadLibrary } from '../lib/library.ts'

const ORIGIN = 'http://bench.test'
const START = Date.UTC(2026, 10, 22, 6, 0, 0)
const STEP_MS = 600

export interface StorageResult {
  bytesAfter1k: number
  bytesAfter10k: number
  /** Bytes per store after the last checkpoint, to see what holds the space. */
  byStore: Record<string, number>
  nonOkResponses: number
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/** Serialised size of every record of every store, per store. */
export async function measureFootprint(factory: IDBFactory, name: string): Promise<Record<string, number>> {
  const db = await requestResult(factory.open(name))
  try {
    const sizes: Record<string, number> = {}
    const names = [...db.objectStoreNames]
    const tx = db.transaction(names, 'readonly')
    for (const store of names) {
      const records: unknown[] = await requestResult(tx.objectStore(store).getAll())
      sizes[store] = records.reduce<number>((total, record) => total + JSON.stringify(record).length, 0)
    }
    return sizes
  } finally {
    db.close()
  }
}

export async function measureStorage(): Promise<StorageResult> {
  const { createSandbox, BASE_PATH, SCOPES } = await loadLibrary()
  const factory = new IDBFactory()
  const databaseName = 'bench-storage'
  let clock = START
  const sandbox = await createSandbox({ indexedDB: factory, databaseName, now: () => clock })
  const { key } = await sandbox.workspace.issueKey({ scopes: SCOPES })
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  const calls: Array<[string, RequestInit]> = [
    ['/status', {}],
    ['/profile', {}],
    ['/sessions', {}],
    ['/usage', {}],
    ['/webhooks', {}],
    ['/tools', {}],
    ['/tools/validate', json({ manifest: TYPICAL_MANIFEST })],
    ['/tools/preview', json({ manifest: TYPICAL_MANIFEST })],
    ['/webhooks/test', json({})],
  ]
  // Cheap enough (a few seconds) to run at full size in CI too.
  const checkpoints = [1000, 10_000]
  const sizes: number[] = []
  let byStore: Record<string, number> = {}
  let nonOk = 0
  let sent = 0
  try {
    for (const checkpoint of checkpoints) {
      for (; sent < checkpoint; sent++) {
        const [path, init] = calls[sent % calls.length] ?? ['/status', {}]
        const headers = new Headers(init.headers)
        headers.set('Authorization', `Bearer ${key}`)
        const response = await sandbox.handle(new Request(`${ORIGIN}${BASE_PATH}${path}`, { ...init, headers }))
        await response.arrayBuffer()
        if (response.status !== 200) nonOk++
        clock += STEP_MS
      }
      byStore = await measureFootprint(factory, databaseName)
      sizes.push(Object.values(byStore).reduce((a, b) => a + b, 0))
    }
  } finally {
    await sandbox.close()
  }
  return { bytesAfter1k: sizes[0] ?? Number.NaN, bytesAfter10k: sizes[1] ?? Number.NaN, byStore, nonOkResponses: nonOk }
}

if (import.meta.main) emit(await measureStorage())
