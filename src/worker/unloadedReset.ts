/**
 * The reset a workspace whose saved state does not load still takes, before
 * its state is opened again: with `keepKeys`, every record such a reset keeps
 * that passes its check is kept as written and the rest named; without it,
 * every record goes. See docs/decisions/043-recovering-a-damaged-workspace.md.
 */
import { authoriseControl, ControlError, problemResponse, type ResetOptions, readResetOptions } from '../api/core.ts'
import { type DroppedRecord, salvageRecords } from '../persistence/salvageRecords.ts'
import type { SqlConnection } from '../persistence/sqlConnection.ts'
import { deleteRecords, replaceRecords } from '../persistence/stateSchema.ts'

/**
 * Rewrites the records for the reset `options` asks of the workspace `name`,
 * in one transaction; the records it could not keep, when it kept any.
 * @throws ControlError `keep_keys_refused` when keeping the keys needs a damaged record; nothing is written.
 */
function clearForReset(sql: SqlConnection, name: string, options: ResetOptions): DroppedRecord[] | undefined {
  if (!options.keepKeys) {
    deleteRecords(sql)
    return undefined
  }
  const salvage = salvageRecords(sql)
  if (salvage.kind === 'refused') {
    throw new ControlError(
      'keep_keys_refused',
      `Failed to reset the workspace "${name}" keeping its keys: ${salvage.reason}. Nothing was changed; repair that record, or reset without keepKeys to start over.`,
    )
  }
  replaceRecords(sql, salvage.rows)
  return salvage.dropped
}

/**
 * Checks the admin token (again, as every host does) and the reset's body,
 * lets `release` close what still reads the records, then rewrites them for
 * the reset: the options and what was dropped, or the refusal to answer.
 */
export async function prepareUnloadedReset(
  request: Request,
  sql: SqlConnection,
  name: string,
  adminToken: string | undefined,
  release: () => Promise<void>,
): Promise<Response | { options: ResetOptions; dropped: DroppedRecord[] | undefined }> {
  try {
    authoriseControl(request, adminToken)
    const options = await readResetOptions(request)
    await release()
    return { options, dropped: clearForReset(sql, name, options) }
  } catch (error) {
    if (error instanceof ControlError) return problemResponse(error, crypto.randomUUID())
    throw error
  }
}
