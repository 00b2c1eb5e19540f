import type { SqlConnection } from '../persistence/sqlConnection.ts'
import { readMeta, writeMeta } from '../persistence/stateSchema.ts'
import type { DurableObjectStorage } from './platform.ts'

const EXPIRES_AT = 'expiresAt'

/**
 * When a workspace deletes itself: kept in its own storage beside the
 * state, and carried out by the object's alarm. Real time (epoch ms): the
 * sandbox clock is the tests' to move.
 */
export class WorkspaceExpiry {
  #at: number | undefined

  /** Reads the expiry the workspace's storage holds, if any. */
  load(sql: SqlConnection): void {
    const at = Number(readMeta(sql, EXPIRES_AT))
    this.#at = Number.isFinite(at) ? at : undefined
  }

  save(sql: SqlConnection, at: number): void {
    writeMeta(sql, EXPIRES_AT, String(at))
    this.#at = at
  }

  forget(): void {
    this.#at = undefined
  }

  /** Whether the workspace is past its expiry at `now`, though its alarm may not have run yet. */
  passed(now: number): boolean {
    return this.#at !== undefined && this.#at <= now
  }

  /** Keeps the alarm at the expiry when no earlier one (a save) is set. */
  async arm(storage: DurableObjectStorage): Promise<void> {
    if (this.#at === undefined) return
    const current = await storage.getAlarm()
    if (current === null || current > this.#at) await storage.setAlarm(this.#at)
  }
}
