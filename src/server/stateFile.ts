/**
 * The state file: the workspace export (the same document the playground's
 * Export writes), replaced atomically (write, fsync, rename) so a crash at any
 * moment leaves either the old file or the new one, never half of one.
 */
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { WorkspaceSnapshot } from '../api/core.ts'

/** The state cannot be used as it is; the server refuses to start rather than overwrite it. */
export class StateFileError extends Error {
  override name = 'StateFileError'
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Reads the state file: `undefined` when there is none yet. */
export async function readStateFile(path: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new StateFileError(`Failed to read the state file "${path}": ${reason(error)}`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new StateFileError(
      `Failed to read the state file "${path}": it is not valid JSON (${reason(error)}). It was left untouched; repair it, move it away, or pass --state <another file>.`,
    )
  }
}

/** Creates the folder the state lives in, private to this user. */
export async function ensureStateFolder(path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 })
}

/**
 * Replaces the state file with `snapshot`. `durable` waits for the disk
 * (fsync of file and folder) before resolving, as a key change must; without
 * it the new file is complete and in place for any process that survives or
 * follows a crash of this one, and only a power cut could lose it.
 */
export async function writeStateFile(path: string, snapshot: WorkspaceSnapshot, durable = true): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`)
  const file = await open(temporary, 'w', 0o600)
  try {
    await file.writeFile(`${JSON.stringify(snapshot)}\n`)
    if (durable) await file.sync()
  } catch (error) {
    await file.close()
    await unlink(temporary).catch(() => {})
    throw error
  }
  await file.close()
  await rename(temporary, path)
  if (!durable) return
  // The rename itself is durable only once the folder is flushed.
  const folder = await open(dirname(path), 'r')
  try {
    await folder.sync()
  } finally {
    await folder.close()
  }
}
