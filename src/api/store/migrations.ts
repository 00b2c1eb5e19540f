import type { ToolEntry } from './records.ts'
import { SEED_SESSIONS } from './seedCatalogue.ts'

/**
 * One step per schema version, applied in order inside the upgrade
 * transaction. Steps use only synchronous IDB calls: awaiting anything else
 * would commit the upgrade half-done.
 */
export function migrate(db: IDBDatabase, oldVersion: number, transaction: IDBTransaction, seedTools: readonly ToolEntry[]): void {
  if (oldVersion < 1) {
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
}
