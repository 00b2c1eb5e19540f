import { generateId, generateKey, generateWebhookSecret, KEY_LIFETIME_MS, keyStatus } from '../domain/keys.ts'
import type { RandomBytes } from '../domain/random.ts'
import { sha256Hex } from '../domain/sha256.ts'
import type { Connection } from '../store/connection.ts'
import type { KeyRecord, ProjectRecord } from '../store/records.ts'
import { seedWebhookEndpoints } from '../store/seedWebhookEndpoints.ts'
import type { ChangeFeed, WorkspaceChange } from './changeFeed.ts'
import { checkIssueOptions, checkKeyFormat, type IssueKeyOptions } from './checkIssueOptions.ts'
import { type KeySummary, summariseKey } from './keyView.ts'
import { parseSnapshot, SNAPSHOT_FORMAT, SNAPSHOT_VERSION, untagged, type WorkspaceSnapshot } from './snapshot.ts'
import { WorkspaceError } from './WorkspaceError.ts'

export type { IssueKeyOptions }

/** The result of issuing: the only place the plaintext `key` ever appears. */
export interface IssuedKey extends KeySummary {
  key: string
}

export interface Workspace {
  /** Issues a key; the plaintext is in the result and nowhere else, ever. */
  issueKey(options: IssueKeyOptions): Promise<IssuedKey>
  /** Revokes a key for good; revoking a revoked key is a no-op. */
  revokeKey(id: string): Promise<KeySummary>
  /** Every key, newest first, with its status by the sandbox clock; never a secret. */
  listKeys(): Promise<KeySummary[]>
  /** Whether a key is active now: what `listKeys` would say, without reading every key's activity. */
  hasActiveKey(): Promise<boolean>
  /** Listens to changes made here or in any other instance over the same database. */
  subscribe(listener: (change: WorkspaceChange) => void): () => void
  /** Everything the user made (keys as hashes, projects, usage, limits, endpoints), as one JSON document. */
  exportState(): Promise<WorkspaceSnapshot>
  /** Replaces the workspace with a snapshot, all or nothing; a bad snapshot changes nothing. */
  importState(snapshot: unknown): Promise<void>
  /** Deletes every key, project, usage bucket and limit; the seeded catalogue stays. */
  reset(): Promise<void>
}

const USER_STORES = ['keys', 'projects', 'usage', 'keyActivity', 'webhookEndpoints'] as const

export interface WorkspaceDependencies {
  connection: Connection
  now: () => number
  randomBytes: RandomBytes
  changes: ChangeFeed
}

/**
 * The developer workspace: where keys are made and revoked. The spec puts it
 * outside the API, so it is not reachable through `handle()`.
 */
export function createWorkspace({ connection, now, randomBytes, changes }: WorkspaceDependencies): Workspace {
  return {
    async issueKey(options) {
      const { app, environment, scopes, label } = checkIssueOptions(options)
      // Everything the key needs is made before the transaction, which then
      // only waits on IndexedDB.
      const key = options.key === undefined ? generateKey(randomBytes) : checkKeyFormat(options.key, 'issue key')
      const hash = sha256Hex(key)
      const id = generateId('key', randomBytes)
      const candidateProject: ProjectRecord = {
        id: generateId('prj', randomBytes),
        slug: `${app}\u0000${environment}`,
        app,
        environment,
        createdAt: now(),
        webhookSecret: generateWebhookSecret(randomBytes),
      }
      const db = await connection.get()
      const tx = db.transaction(['keys', 'projects', 'webhookEndpoints'], 'readwrite')
      if (options.key !== undefined && (await tx.objectStore('keys').index('byHash').get(hash))) {
        tx.abort()
        throw new WorkspaceError('key_exists', `Failed to issue key "…${key.slice(-4)}": this key is already registered.`)
      }
      let project = await tx.objectStore('projects').index('bySlug').get(candidateProject.slug)
      if (!project) {
        project = candidateProject
        await tx.objectStore('projects').add(project)
        for (const endpoint of seedWebhookEndpoints(project)) await tx.objectStore('webhookEndpoints').add(endpoint)
      }
      const createdAt = now()
      const record: KeyRecord = {
        id,
        hash,
        lastFour: key.slice(-4),
        projectId: project.id,
        app,
        environment,
        scopes,
        createdAt,
        expiresAt: createdAt + KEY_LIFETIME_MS,
        revokedAt: null,
        label,
      }
      await tx.objectStore('keys').add(record)
      await tx.done
      changes.publish({ type: 'keys' })
      return { ...summariseKey(record, createdAt, null), key }
    },

    async revokeKey(id) {
      const db = await connection.get()
      const tx = db.transaction(['keys', 'keyActivity'], 'readwrite')
      const record = await tx.objectStore('keys').get(id)
      if (!record) {
        tx.abort()
        throw new WorkspaceError('key_not_found', `Failed to revoke key "${String(id).slice(0, 80)}": no such key.`)
      }
      if (record.revokedAt === null) {
        record.revokedAt = now()
        await tx.objectStore('keys').put(record)
        // With the key changed, no tab may use the copy it cached (pipeline/keyCache.ts).
        const activity = await tx.objectStore('keyActivity').get(id)
        if (activity?.keyTag !== undefined) await tx.objectStore('keyActivity').put(untagged(activity))
      }
      await tx.done
      changes.publish({ type: 'keys' })
      return summariseKey(record, now(), null)
    },

    async listKeys() {
      const db = await connection.get()
      const tx = db.transaction(['keys', 'keyActivity'], 'readonly')
      const [keys, activity] = await Promise.all([tx.objectStore('keys').getAll(), tx.objectStore('keyActivity').getAll()])
      await tx.done
      const lastUsed = new Map(activity.map((record) => [record.keyId, record.lastUsedAt]))
      const at = now()
      return keys
        .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))
        .map((key) => summariseKey(key, at, lastUsed.get(key.id) ?? null))
    },

    async hasActiveKey() {
      const db = await connection.get()
      const tx = db.transaction(['keys'], 'readonly')
      const keys = await tx.objectStore('keys').getAll()
      await tx.done
      const at = now()
      return keys.some((key) => keyStatus(key, at) === 'active')
    },

    subscribe(listener) {
      return changes.subscribe(listener)
    },

    async exportState() {
      const db = await connection.get()
      const tx = db.transaction(USER_STORES, 'readonly')
      const [keys, projects, usage, keyActivity, webhookEndpoints] = await Promise.all([
        tx.objectStore('keys').getAll(),
        tx.objectStore('projects').getAll(),
        tx.objectStore('usage').getAll(),
        tx.objectStore('keyActivity').getAll(),
        tx.objectStore('webhookEndpoints').getAll(),
      ])
      await tx.done
      return {
        format: SNAPSHOT_FORMAT,
        version: SNAPSHOT_VERSION,
        exportedAt: new Date(now()).toISOString(),
        keys,
        projects,
        usage,
        keyActivity: keyActivity.map(untagged),
        webhookEndpoints,
      }
    },

    async importState(value) {
      const snapshot = parseSnapshot(value)
      const db = await connection.get()
      try {
        await db.replace(Object.fromEntries(USER_STORES.map((store) => [store, snapshot[store]])))
      } catch (error) {
        throw new WorkspaceError(
          'invalid_snapshot',
          `Failed to import the workspace: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
      changes.publish({ type: 'import' })
    },

    async reset() {
      const db = await connection.get()
      const tx = db.transaction(USER_STORES, 'readwrite')
      for (const store of USER_STORES) await tx.objectStore(store).clear()
      await tx.done
      changes.publish({ type: 'reset' })
    },
  }
}
