/**
 * The sandbox core over the memory store, kept in a `StateStore` for every
 * host that outlives a request (serve, the Worker's Durable Object). Each
 * committed record is queued; key changes are saved before they are
 * reported, and the counts every request changes (usage, rate-limit stamps)
 * are saved behind, within `writeBehindMs`, by a timer the host provides.
 * The state is held whole (read and checked at open, as an import is) or
 * read on demand, record by record, holding only the records in use.
 * See docs/decisions/017-memory-store-and-sqlite-state.md and 024-team-sandbox-on-workers.md.
 */
import {
  createSandboxCore,
  type Faults,
  type IssuedKey,
  type IssueKeyOptions,
  type KeySummary,
  MemoryDatabase,
  type RecordWrite,
  type RequestJournal,
  type Sandbox,
  type SavedState,
  type SavedTable,
  type StoreName,
} from '../api/core.ts'
import { loadRecords, SAVED_STORES } from './loadRecords.ts'
import { type RecordChange, type StateStore, StateStoreError } from './stateStore.ts'

/** Runs `flush` once, `ms` from now: a timer in Node, an alarm in a Durable Object. */
export type ScheduleFlush = (flush: () => void, ms: number) => void

export interface PersistentCoreOptions {
  store: StateStore
  now?: () => number
  faults?: () => Faults
  /** Where the core records each request (the control API's journal). */
  journal?: RequestJournal
  /** Longest a request's counts stay unsaved; 1 s by the contract, less by default so the write itself fits. */
  writeBehindMs?: number
  schedule: ScheduleFlush
  /** Where a failed background save is reported. */
  log: (message: string) => void
  /**
   * How much of the state is held in memory. `'all'` (the default) reads and
   * checks every record at open, as an import is checked, and holds them:
   * a bad record refuses the open. A number reads records on demand, each
   * checked as it is read, and holds at most that many saved records per
   * store: the open reads nothing, so waking costs the same at any size.
   */
  held?: 'all' | number
  /** Hears of a saved record, read on demand, that fails its check; the request reading it fails as the store being unavailable does. */
  onBadRecord?: (reason: string) => void
}

export interface PersistentCore {
  sandbox: Sandbox
  /** The memory store the core runs on, for an import to replace. */
  memory: MemoryDatabase
  issueKey(options: IssueKeyOptions): Promise<IssuedKey>
  revokeKey(id: string): Promise<KeySummary>
  listKeys(): Promise<KeySummary[]>
  /** How many keys the workspace holds, revoked and expired included, read from the saved state when it is read on demand. */
  keyCount(): Promise<number>
  /** Saves what is pending now, durably. */
  save(): void
  /** Saves what is pending if anything is: what a timer or an alarm calls. */
  flush(): void
  /** Saves, then closes the core; later saves do nothing. */
  close(): Promise<void>
}

const SAVED: ReadonlySet<StoreName> = new Set(SAVED_STORES)

/**
 * Opens the core on a state store: an empty one means a fresh workspace.
 * @throws WorkspaceError or DOMException when the stored records are not a valid workspace; nothing is written.
 */
export async function openPersistentCore({
  store,
  now,
  faults,
  journal,
  writeBehindMs = 500,
  schedule,
  log,
  held = 'all',
  onBadRecord,
}: PersistentCoreOptions): Promise<PersistentCore> {
  /** Changes not yet saved, the latest per record. */
  const pending = new Map<string, RecordChange>()
  let loading = true
  let armed = false
  let closed = false

  /** Writes what is pending. Synchronous: both engines run SQLite in this process, and a save of a few records takes well under a millisecond. */
  const save = (durable: boolean): void => {
    if (closed || pending.size === 0) return
    // A failed write rolls back and throws before the clear, so nothing is dropped.
    store.write(pending.values(), durable)
    pending.clear()
    memory.release()
  }
  const flush = (): void => {
    armed = false
    try {
      save(false)
    } catch (error) {
      log(`Failed to save the sandbox state: ${error instanceof Error ? error.message : String(error)}. Retrying.`)
      saveBehind()
    }
  }
  const saveBehind = () => {
    if (armed || closed || pending.size === 0) return
    armed = true
    schedule(flush, writeBehindMs)
  }

  // On demand, a record with unsaved changes stays held: the saved row is older than it.
  const saved: SavedState | undefined =
    held === 'all'
      ? undefined
      : {
          tables: Object.fromEntries(SAVED_STORES.map((name) => [name, reported(store.table(name), onBadRecord)])),
          capacity: held,
          unsaved: (id) => pending.has(id),
        }
  // A commit queues its records and arms the save behind it; a key change saves at once on top.
  const memory = new MemoryDatabase({
    onCommit(writes: readonly RecordWrite[]) {
      if (loading) return
      for (const write of writes) if (SAVED.has(write.store)) pending.set(write.id, write)
      saveBehind()
    },
    ...(saved ? { saved } : {}),
  })
  const sandbox = createSandboxCore({ memory, ...(now ? { now } : {}), ...(faults ? { faults } : {}), ...(journal ? { journal } : {}) })
  try {
    if (!saved) loadRecords(memory, store.records())
  } catch (error) {
    await sandbox.close()
    throw error
  }
  loading = false

  return {
    sandbox,
    memory,
    async issueKey(options) {
      const issued = await sandbox.workspace.issueKey(options)
      save(true)
      return issued
    },
    async revokeKey(id) {
      const revoked = await sandbox.workspace.revokeKey(id)
      save(true)
      return revoked
    },
    listKeys: () => sandbox.workspace.listKeys(),
    async keyCount() {
      if (!saved) return (await sandbox.workspace.listKeys()).length
      save(false)
      return store.count('keys')
    },
    save: () => save(true),
    flush,
    async close() {
      if (closed) return
      try {
        save(true)
      } finally {
        closed = true
        await sandbox.close()
      }
    },
  }
}

/** A saved table whose refusals of a bad record are also told to `onBadRecord`. */
function reported(table: SavedTable, onBadRecord: ((reason: string) => void) | undefined): SavedTable {
  if (!onBadRecord) return table
  const told = <T>(read: () => T): T => {
    try {
      return read()
    } catch (error) {
      if (error instanceof StateStoreError) onBadRecord(error.message)
      throw error
    }
  }
  return {
    get: (key) => told(() => table.get(key)),
    getByIndex: (index, key) => told(() => table.getByIndex(index, key)),
    getAll: () => told(() => table.getAll()),
  }
}
