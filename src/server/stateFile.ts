/** The state's folder, its errors, and reading a workspace export (JSON) to import. */
import { mkdir, readFile } from 'node:fs/promises'
import { dirname } from 'node:path'

/** The state cannot be used as it is; the server refuses to start rather than overwrite it. */
export class StateFileError extends Error {
  override name = 'StateFileError'
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Reads a workspace export (the playground's Export, or the JSON state of an earlier version). */
export async function readExportFile(path: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new StateFileError(`Failed to read "${path}" to import: ${reason(error)}`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new StateFileError(`Failed to import "${path}": it is not valid JSON (${reason(error)}). Nothing was changed.`)
  }
}

/** Creates the folder the state lives in, private to this user. */
export async function ensureStateFolder(path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 })
}
