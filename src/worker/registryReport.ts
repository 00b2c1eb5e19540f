/**
 * What a workspace object last told the registry (its key count and last
 * use), so a listing wakes no workspace: the count after the keys may have
 * changed, the last use at most once a minute.
 */

/** A listing's last use is this fine: a busy workspace tells the registry at most once a minute. */
const REPORT_EVERY_MS = 60_000

export type SendReport = (lastUsedAt: number | null, keys: number) => Promise<void>

export class RegistryReport {
  #lastUsedAt: number | null = null
  #reported: { lastUsedAt: number | null; keys: number } | undefined
  #keysChanged = true

  /** A request used the workspace at `at` (real time). */
  used(at: number): void {
    this.#lastUsedAt = at
  }

  /** A control call may have changed the keys: the next report counts them again. */
  keysMayHaveChanged(): void {
    this.#keysChanged = true
  }

  /** Sends what changed since the last report, if anything did; a failure is logged and sent again next time. */
  async send(name: string, countKeys: () => Promise<number>, send: SendReport): Promise<void> {
    const reported = this.#reported
    const usedSince = this.#lastUsedAt !== null && (reported?.lastUsedAt ?? 0) + REPORT_EVERY_MS <= this.#lastUsedAt
    if (reported && !this.#keysChanged && !usedSince) return
    const keys = this.#keysChanged || !reported ? await countKeys() : reported.keys
    this.#keysChanged = false
    const lastUsedAt = usedSince || !reported ? this.#lastUsedAt : reported.lastUsedAt
    try {
      await send(lastUsedAt, keys)
      this.#reported = { lastUsedAt, keys }
    } catch (error) {
      // A listing a little behind is no reason to retry the save alarm: the next alarm reports again.
      this.#keysChanged = true
      console.error(`Failed to report the workspace "${name}" to the registry:`, error)
    }
  }
}
