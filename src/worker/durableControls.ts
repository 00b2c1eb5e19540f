/**
 * The clock and fault switches of a workspace, kept in its Durable Object's
 * storage as well as in memory, as serve keeps its own in the state file
 * (`src/persistence/savedControls.ts`): they survive the object being evicted.
 */

import { type SavedControls, savedControls } from '../persistence/savedControls.ts'
import type { SqlConnection } from '../persistence/sqlConnection.ts'

export type DurableControls = SavedControls

/** The workspace's controls, restored from `sql` and written back to it on every change; the journal redacts `adminToken`. */
export function durableControls(sql: SqlConnection, adminToken: () => string | undefined): DurableControls {
  return savedControls(sql, { adminToken, warn: (message) => console.warn(`Warning: in a workspace's storage, ${message}`) })
}
