/**
 * The sandbox core over an in-memory IndexedDB (fake-indexeddb, the same
 * engine the core's Node tests use), backed by the state file. Key changes
 * are saved before they are reported; the counts every request changes
 * (usage, rate-limit stamps) are saved behind, within `writeBehindMs`.
 * See docs/decisions/010-server-state.md.
 */
import {
  type ApiAnswer,
  type ApiRequest,
  createSandboxCore,
  type Faults,
  type IssuedKey,
  type IssueKeyOptions,
  type KeySummary,
  type Sandbox,
  WorkspaceError,
} from '../api/core.ts'
import { ensureStateFolder, readStateFile, StateFileError, writeStateFile } from './stateFile.ts'

export interface PersistentSandboxOptions {
  statePath: string
  now?: () => number
  faults?: Faults
  /** Longest a request's counts stay unsaved; 1 s by the contract, less by default so the write itself fits. */
  writeBehindMs?: number
  /** Where a failed background save is reported. */
  log?: (message: string) => void
}

export interface PersistentSandbox {
  answer(request: ApiRequest): Promise<ApiAnswer>
  issueKey(options: IssueKeyOptions): Promise<IssuedKey>
  revokeKey(id: string): Promise<KeySummary>
  listKeys(): Promise<KeySummary[]>
  /** Saves everything now; resolves once it is on disk. */
  save(): Promise<void>
  /** Saves, then closes the core. */
  close(): Promise<void>
}

/**
 * Opens the sandbox on a state file: missing means a fresh workspace.
 * @throws StateFileError when the file cannot be read or is not a sandbox state; it is left untouched.
 */
export async function openPersistentSandbox({
  statePath,
  now,
  faults,
  writeBehindMs = 500,
  log = (message) => process.stderr.write(`${message}\n`),
}: PersistentSandboxOptions): Promise<PersistentSandbox> {
  const sandbox: Sandbox = createSandboxCore({
    memory: true,
    ...(now ? { now } : {}),
    ...(faults ? { faults: () => faults } : {}),
  })
  const stored = await readStateFile(statePath)
  if (stored !== undefined) {
    try {
      await sandbox.workspace.importState(stored)
    } catch (error) {
      await sandbox.close()
      const reason = error instanceof WorkspaceError ? error.message.replace(/^Failed to import the workspace: /, '') : String(error)
      throw new StateFileError(
        `Failed to load the state file "${statePath}": ${reason} It was left untouched; repair it, move it away, or pass --state <another file>.`,
      )
    }
  } else {
    await sandbox.workspace.listKeys()
  }
  await ensureStateFolder(statePath)

  let saving: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  let closed = false

  // Saves run one after another, each exporting what is there when it starts.
  const save = (durable = true): Promise<void> => {
    if (timer) clearTimeout(timer)
    timer = undefined
    const next = saving.then(async () => writeStateFile(statePath, await sandbox.workspace.exportState(), durable))
    saving = next.catch(() => {})
    return next
  }

  const saveBehind = () => {
    if (timer || closed) return
    timer = setTimeout(() => {
      timer = undefined
      save(false).catch((error) => {
        log(`Failed to save "${statePath}": ${error instanceof Error ? error.message : String(error)}. Retrying.`)
        saveBehind()
      })
    }, writeBehindMs)
  }

  return {
    async answer(request) {
      const answer = await sandbox.answer(request)
      saveBehind()
      return answer
    },
    async issueKey(options) {
      const issued = await sandbox.workspace.issueKey(options)
      await save()
      return issued
    },
    async revokeKey(id) {
      const revoked = await sandbox.workspace.revokeKey(id)
      await save()
      return revoked
    },
    listKeys: () => sandbox.workspace.listKeys(),
    save: () => save(),
    async close() {
      closed = true
      await save()
      await sandbox.close()
    },
  }
}
