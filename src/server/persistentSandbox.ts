/**
 * The sandbox core kept in a state file: the persistence every durable host
 * shares (`src/persistence/persistentCore.ts`) over `node:sqlite`, with a
 * timer for the save behind and the file's own errors.
 * See docs/decisions/017-memory-store-and-sqlite-state.md.
 */
import type {
  ApiAnswer,
  ApiRequest,
  Faults,
  IssuedKey,
  IssueKeyOptions,
  KeySummary,
  RequestJournal,
  SandboxControls,
  Workspace,
} from '../api/core.ts'
import { WorkspaceError } from '../api/core.ts'
import { loadExport } from '../persistence/loadRecords.ts'
import { openPersistentCore } from '../persistence/persistentCore.ts'
import { type SavedControlsOptions, savedControls } from '../persistence/savedControls.ts'
import { openStateFile } from './stateDatabase.ts'
import { ensureStateFolder, StateFileError } from './stateFile.ts'

export interface PersistentSandboxOptions {
  statePath: string
  /**
   * The clock, faults and journal are kept in the state file beside the
   * records (the journal in memory only), so a moved clock and the fault
   * switches survive a restart. Without it the core runs on `now` and `faults`.
   */
  controls?: SavedControlsOptions & { journal: boolean }
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
  /** The controls kept in the state, when `controls` was asked for. */
  controls: SandboxControls | undefined
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

const importReason = (error: unknown) =>
  error instanceof WorkspaceError
    ? error.message.replace(/^Failed to import the workspace: /, '')
    : error instanceof Error
      ? error.message
      : String(error)

/** The stored record a load refusal points at (`/usage/3/day` → usage record 3), as JSON cut to 300 characters. */
function badRecord(records: ReadonlyMap<string, unknown[]>, error: unknown): string | undefined {
  const pointer = error instanceof WorkspaceError ? error.pointer : undefined
  const [, store, index] = pointer?.split('/') ?? []
  const record = store === undefined || index === undefined ? undefined : records.get(store)?.[Number(index)]
  return record === undefined ? undefined : JSON.stringify(record).slice(0, 300)
}

/**
 * Opens the sandbox on a state database: missing means a fresh workspace.
 * @throws StateFileError when the file cannot be read or is not a sandbox state; it is left untouched.
 */
export async function openPersistentSandbox({
  statePath,
  controls: controlOptions,
  now: givenNow,
  faults: givenFaults,
  journal: givenJournal,
  writeBehindMs,
  log = (message) => process.stderr.write(`${message}\n`),
}: PersistentSandboxOptions): Promise<PersistentSandbox> {
  await ensureStateFolder(statePath)
  const state = openStateFile(statePath)
  const controls = controlOptions
    ? savedControls(state.sql, { ...controlOptions, warn: (message) => log(`Warning: in "${statePath}", ${message}`) })
    : undefined
  const now = controls ? controls.clock.now : givenNow
  const faults = controls ? controls.faults.read : givenFaults
  const journal = controls ? (controlOptions?.journal ? controls.journal : undefined) : givenJournal
  const timers = new Set<NodeJS.Timeout>()
  let core: Awaited<ReturnType<typeof openPersistentCore>>
  try {
    core = await openPersistentCore({
      store: state.store,
      ...(now ? { now } : {}),
      ...(faults ? { faults } : {}),
      ...(journal ? { journal } : {}),
      ...(writeBehindMs === undefined ? {} : { writeBehindMs }),
      schedule(flush, ms) {
        const timer = setTimeout(() => {
          timers.delete(timer)
          flush()
        }, ms)
        timers.add(timer)
      },
      log: (message) => log(message.replace('the sandbox state', `"${statePath}"`)),
    })
  } catch (error) {
    let record: string | undefined
    try {
      record = badRecord(state.store.records(), error)
    } catch {
      // The records did not read (a value that is not JSON): the reason names the row already.
    }
    state.close()
    throw new StateFileError(
      [
        `Failed to load the state file "${statePath}": ${importReason(error)}`,
        ...(record === undefined ? [] : [`The record: ${record}`]),
        'The file was left untouched. To start over, move it away and start again, e.g.',
        `  mv "${statePath}" "${statePath}.bad" && developer-sandbox serve --state "${statePath}"`,
        'or pass --state <another file>; to keep the rest, repair or delete that record with any SQLite tool.',
      ].join('\n'),
    )
  }
  let closed = false

  return {
    controls,
    answer: (request) => core.sandbox.answer(request),
    workspace: core.sandbox.workspace,
    issueKey: (options) => core.issueKey(options),
    revokeKey: (id) => core.revokeKey(id),
    listKeys: () => core.listKeys(),
    async importExport(snapshot, from) {
      const keys = await core.listKeys()
      if (keys.length > 0) {
        throw new StateFileError(
          `Failed to import "${from}": the state "${statePath}" already holds ${keys.length} ${keys.length === 1 ? 'key' : 'keys'}, and an import replaces everything. Pass a new --state file.`,
        )
      }
      try {
        loadExport(core.memory, snapshot)
      } catch (error) {
        throw new StateFileError(`Failed to import "${from}": ${importReason(error)} Nothing was changed.`)
      }
      core.save()
    },
    async save() {
      core.save()
    },
    async close() {
      if (closed) return
      closed = true
      for (const timer of timers) clearTimeout(timer)
      try {
        // What is left of a limited fault is taken in memory by each request; it is kept as it stands at the stop.
        controls?.saveFaults()
        await core.close()
      } finally {
        state.close()
      }
    },
  }
}
