import type { SandboxSchema, StoreName } from './database.ts'

export interface IndexLayout {
  /** The record's property the index is on. */
  keyPath: string
  unique: boolean
}

export interface StoreLayout {
  /** The property (or properties, for a compound key) that is the record's key. */
  keyPath: string | readonly string[]
  indexes: Record<string, IndexLayout>
}

/**
 * The current shape of every object store. IndexedDB reaches it through the
 * steps in `migrations.ts`; the memory store is built from it directly; a
 * test checks the two agree.
 */
export const STORE_LAYOUT = {
  keys: {
    keyPath: 'id',
    indexes: { byHash: { keyPath: 'hash', unique: true }, byProject: { keyPath: 'projectId', unique: false } },
  },
  projects: { keyPath: 'id', indexes: { bySlug: { keyPath: 'slug', unique: true } } },
  keyActivity: { keyPath: 'keyId', indexes: {} },
  usage: { keyPath: ['projectId', 'day', 'operationId'], indexes: { byProject: { keyPath: 'projectId', unique: false } } },
  sessions: { keyPath: 'id', indexes: {} },
  tools: { keyPath: 'id', indexes: {} },
  webhookEndpoints: { keyPath: 'id', indexes: { byProject: { keyPath: 'projectId', unique: false } } },
} as const satisfies { [N in StoreName]: StoreLayout & { indexes: Record<keyof SandboxSchema[N]['indexes'], IndexLayout> } }

export const STORE_NAMES = Object.keys(STORE_LAYOUT) as StoreName[]
