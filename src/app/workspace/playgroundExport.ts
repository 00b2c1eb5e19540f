import type { ControlClient, WorkspaceSnapshot } from '../../client/controlClient.ts'
import { sandboxControlsStore } from '../state/connection/sandboxControlsStore.ts'
import { type HistoryEntry, parseHistory } from '../state/history/historyEntry.ts'
import { historyStore } from '../state/history/historyStore.ts'
import { redactSecrets } from '../state/history/redact.ts'
import { parseSettings } from '../state/playgroundSettings.ts'

export const EXPORT_FORMAT = 'developer-sandbox/playground'
export const EXPORT_VERSION = 1

/** Everything the playground holds, as one file: the workspace (keys as hashes), the redacted history and the settings. */
export interface PlaygroundExport {
  format: typeof EXPORT_FORMAT
  version: typeof EXPORT_VERSION
  exportedAt: string
  workspace: WorkspaceSnapshot
  history: HistoryEntry[]
  settings: { clockOffsetMs: number; faults: { authorization: 'ok' | 'unavailable'; latencyMs: number } }
}

/** The export as JSON text, read through the control API. It can hold no key: the snapshot has hashes only and every string is scrubbed again. */
export async function exportPlayground(control: ControlClient): Promise<string> {
  const [workspace, clock, faults] = await Promise.all([control.exportState(), control.getClock(), control.getFaults()])
  const document: PlaygroundExport = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    workspace,
    history: historyStore.getState().entries,
    settings: {
      clockOffsetMs: clock.offsetMs,
      faults: { authorization: faults.authorizationUnavailable ? 'unavailable' : 'ok', latencyMs: faults.latencyMs },
    },
  }
  return redactSecrets(JSON.stringify(document, null, 2))
}

/**
 * Imports a playground export, or a bare workspace snapshot. The workspace
 * import is all or nothing; history and settings are replaced only after it
 * succeeded. Returns what was restored, for the confirmation message.
 * @throws Error with a `Failed to import …` message.
 */
export async function importPlayground(control: ControlClient, text: string): Promise<string> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new Error(`Failed to import the file: it is not JSON (${error instanceof Error ? error.message : String(error)}).`)
  }
  const isExport = typeof value === 'object' && value !== null && (value as { format?: unknown }).format === EXPORT_FORMAT
  if (!isExport) {
    await control.importState(value)
    return 'Imported the workspace snapshot (keys, projects, usage, limits, endpoints).'
  }
  const document = value as Partial<PlaygroundExport>
  if (document.version !== EXPORT_VERSION)
    throw new Error(`Failed to import the file: version ${JSON.stringify(document.version)} is not supported.`)
  await control.importState(document.workspace)
  const history = parseHistory(document.history)
  historyStore.getState().replace(history)
  const settings = parseSettings(JSON.stringify(document.settings ?? {}))
  const controls = sandboxControlsStore.getState()
  await controls.setOffset(settings.clockOffsetMs)
  await controls.setFaults({
    authorizationUnavailable: settings.faults.authorization === 'unavailable',
    latencyMs: settings.faults.latencyMs,
  })
  return `Imported the workspace, ${history.length} history entries and the clock and fault settings.`
}

/** Offers text as a file download, without any network request. */
export function downloadText(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = filename
  anchor.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
