import type { KeyActivityRecord, ToolEntry } from './records.ts'
import { SEED_SESSIONS } from './seedSessions.ts'

/**
 * One step per schema version, applied in order inside the upgrade
 * transaction, so a database of any older version reaches the current one
 * with its data. Steps use only IDB calls and their callbacks: awaiting
 * anything else would commit the upgrade half-done.
 */
export function migrate(db: IDBDatabase, oldVersion: number, transaction: IDBTransaction, seedTools: readonly ToolEntry[]): void {
  if (oldVersion < 1) createVersion1(db, transaction, seedTools)
  if (oldVersion < 2) moveRateLimitsToKeyActivity(db, transaction)
}

/** v1: keys, projects, rate-limit stamps, usage, and the seeded catalogue. */
function createVersion1(db: IDBDatabase, transaction: IDBTransaction, seedTools: readonly ToolEntry[]): void {
  const keys = db.createObjectStore('keys', { keyPath: 'id' })
  keys.createIndex('byHash', 'hash', { unique: true })
  keys.createIndex('byProject', 'projectId')
  const projects = db.createObjectStore('projects', { keyPath: 'id' })
  projects.createIndex('bySlug', 'slug', { unique: true })
  db.createObjectStore('rateLimits', { keyPath: 'keyId' })
  const usage = db.createObjectStore('usage', { keyPath: ['projectId', 'day', 'operationId'] })
  usage.createIndex('byProject', 'projectId')
  db.createObjectStore('sessions', { keyPath: 'id' })
  db.createObjectStore('tools', { keyPath: 'id' })
  const endpoints = db.createObjectStore('webhookEndpoints', { keyPath: 'id' })
  endpoints.createIndex('byProject', 'projectId')
  for (const session of SEED_SESSIONS) transaction.objectStore('sessions').put(session)
  for (const tool of seedTools) transaction.objectStore('tools').put(tool)
}

/**
 * v2: `rateLimits` becomes `keyActivity`, which also remembers when a key was
 * last used (so a rotation can wait until the old key is idle). Live windows
 * are carried over: a key at its limit stays limited across the upgrade.
 */
function moveRateLimitsToKeyActivity(db: IDBDatabase, transaction: IDBTransaction): void {
  const activity = db.createObjectStore('keyActivity', { keyPath: 'keyId' })
  const read = transaction.objectStore('rateLimits').getAll()
  read.onsuccess = () => {
    for (const old of read.result as { keyId: string; stamps: number[] }[]) {
      const record: KeyActivityRecord = { keyId: old.keyId, stamps: old.stamps, lastUsedAt: old.stamps.at(-1) ?? null }
      activity.put(record)
    }
    db.deleteObjectStore('rateLimits')
  }
}
