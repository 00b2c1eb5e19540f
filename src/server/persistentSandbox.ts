/**
 * The sandbox core over the memory store, backed by the state database. Each
 * committed record is queued; key changes are saved (and fsynced) before they
 * are reported, and the counts every request changes (usage, rate-limit
 * stamps) are saved behind, within `writeBehindMs`.
 * See docs/decisions/017-server-state-in-sqlite.md.
 */
import {
  type ApiAnswer,
  type ApiRequest,
  createSandboxCore,
  type Faults,
  type IssuedKey,
  type IssueKeyOptions,
  type KeySummary,
  MemoryDatabase,
  parseSnapshot,
  type RecordWrite,
  type RequestJournal,
  type Sandbox,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  type StoreName,
  type Workspace,
  WorkspaceError,
} from '../api/core.ts'
import { type RecordChange, StateDatabase } from './stateDatabase.ts'
import { ensureStateFolder, StateFileError } from './stateFile.ts'

export interface PersistentSandboxOptions {
  statePath: string
  now?: () => number
  /** Read on every request, as the core's `faults` option. */
  faults?: () => Faults
  /** Where the core records each request (the control API's journal). */
  journal?: RequestJournal
  /** Longest a request's counts stay unsaved; 1 s by the contract, less by default so the write itself fits. */
  writeBehindMs?: number
  /** Where a failed background save is reported. */
  log?: (message: string) => void
}

export interface PersistentSandbox {
  answer(request: ApiRequest): Promise<ApiAnswer>
  /** The core's workspace, for the control API; its changes reach the state through the memory store's commits, and `save()` makes them durable. */
  workspace: Workspace
  issueKey(options: IssueKeyOptions): Promise<IssuedKey>
  revokeKey(id: string): Promise<KeySummary>
  listKeys(): Promise<KeySummary[]>
  /**
   * Replaces an empty state with a workspace export (the playground's Export).
   * @throws StateFileError when the state already holds keys, or the export is not valid; nothing changes.
   */
  importExport(snapshot: unknown, from: string): Promise<void>
  /** Saves everything now; resolves once it is on disk. */
  save(): Promise<void>
  /** Saves, then closes the core and the state. */
  close(): Promise<void>
}

/** The stores a user's work lives in; the catalogue (sessions, tools) is part of every new store. */
const SAVED_STORES = ['keys', 'projects', 'usage', 'keyActivity', 'webhookEndpoints'] as const satisfies readonly StoreName[]
const SAVED: ReadonlySet<StoreName> = new Set(SAVED_STORES)
const importReason = (error: unknown) =>
  error instanceof WorkspaceError
    ? error.message.replace(/^Failed to import the workspace: /, '')
    : error instanceof Error
      ? error.message
      : String(error)

/**
 * Checks a workspace export (the playground's Export, or the state file read
 * as one) and puts its records in the memory store, in place of what it held.
 * The records are handed over as parsed, not copied.
 * @throws WorkspaceError or DOMException when the export is not valid; nothing changes.
 */
function loadExport(memory: MemoryDatabase, value: unknown): void {
  const snapshot = parseSnapshot(value)
  memory.load(Object.fromEntries(SAVED_STORES.map((store) => [store, snapshot[store]])))
}

/**
 * Opens the sandbox on a state database: missing means a fresh workspace.
 * @throws StateFileError when the file cannot be read or is not a sandbox state; it is left untouched.
 */
export async function openPersistentSandbox({
  statePath,
  now,
  faults,
  journal,
  writeBehindMs = 500,
  log = (message) => process.stderr.write(`${message}\n`),
}: PersistentSandboxOptions): Promise<PersistentSandbox> {
  await ensureStateFolder(statePath)
  const state = StateDatabase.open(statePath)
  /** Changes not yet on disk, the latest per record. */
  const pending = new Map<string, RecordChange>()
  let loading = true
  let timer: NodeJS.Timeout | undefined
  let closed = false

  /** Writes what is pending. Synchronous: the store is in this process, and a save of a few records takes well under a millisecond. */
  const save = (durable: boolean): void => {
    if (timer) clearTimeout(timer)
    timer = undefined
    if (pending.size === 0) return
    // A failed write rolls back and throws before the clear, so nothing is dropped.
    state.write(pending.values(), durable)
    pending.clear()
  }

  const saveBehind = () => {
    if (timer || closed || pending.size === 0) return
    timer = setTimeout(() => {
      timer = undefined
      try {
        save(false)
      } catch (error) {
        log(`Failed to save "${statePath}": ${error instanceof Error ? error.message : String(error)}. Retrying.`)
        saveBehind()
      }
    }, writeBehindMs)
  }

  // A commit queues its records and arms the save behind it; a key change saves at once on top.
  const memory = new MemoryDatabase({
    onCommit(writes: readonly RecordWrite[]) {
      if (loading) return
      for (const write of writes) if (SAVED.has(write.store)) pending.set(write.id, write)
      saveBehind()
    },
  })
  const sandbox: Sandbox = createSandboxCore({
    memory,
    ...(now ? { now } : {}),
    ...(faults ? { faults } : {}),
    ...(journal ? { journal } : {}),
  })

  try {
    const records = state.records()
    loadExport(memory, {
      format: SNAPSHOT_FORMAT,
      version: SNAPSHOT_VERSION,
      exportedAt: new Date().toISOString(),
      ...Object.fromEntries(SAVED_STORES.map((store) => [store, records.get(store) ?? []])),
    })
  } catch (error) {
    await sandbox.close()
    state.close()
    throw new StateFileError(
      `Failed to load the state file "${statePath}": ${importReason(error)} It was left untouched; repair it, move it away, or pass --state <another file>.`,
    )
  }
  loading = false

  return {
    answer: (request) => sandbox.answer(request),
    workspace: sandbox.workspace,
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
    async importExport(snapshot, from) {
      const keys = await sandbox.workspace.listKeys()
      if (keys.length > 0) {
        throw new StateFileError(
          `Failed to import "${from}": the state "${statePath}" already holds ${keys.length} ${keys.length === 1 ? 'key' : 'keys'}, and an import replaces everything. Pass a new --state file.`,
        )
      }
      try {
        loadExport(memory, snapshot)
      } catch (error) {
        throw new StateFileError(`Failed to import "${from}": ${importReason(error)} Nothing was changed.`)
      }
      save(true)
    },
    async save() {
      save(true)
    },
    async close() {
      if (closed) return
      closed = true
      try {
        save(true)
      } finally {
        await sandbox.close()
        state.close()
      }
    },
  }
}
