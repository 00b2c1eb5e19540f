import { CONTROL_BASE_PATH } from '../api/core.ts'
import { problem } from './problem.ts'
import { DEFAULT_WORKSPACE } from './workspaceRoute.ts'

const RESET_PATH = `${CONTROL_BASE_PATH}/reset`

/** The reset path of the workspace `name` at the deployment's origin: the default's plain path, a named one's under its own prefix. */
export const resetPathOf = (name: string) => (name === DEFAULT_WORKSPACE ? RESET_PATH : `/workspaces/${name}${RESET_PATH}`)

/**
 * Why a workspace's saved state does not load, while it does not: at wake,
 * or a record that failed its check when a request read it. The records stay
 * as they are; every call but the admin's reset is refused with the reason.
 */
export class LoadFailure {
  #reason: string | undefined

  get failed(): boolean {
    return this.#reason !== undefined
  }

  /** Records and logs why the workspace `name` cannot be served; `doing` is what failed: the load at wake or a read on demand. */
  set(name: string, doing: 'load' | 'read', error: unknown): void {
    this.#reason = error instanceof Error ? error.message : String(error)
    console.error(`Failed to ${doing} the workspace "${name}": ${this.#reason}`)
  }

  clear(): void {
    this.#reason = undefined
  }

  /** Whether `request` is the reset that starts a workspace over, the one call an unloaded workspace still takes. */
  static isReset(request: Request, path: string): boolean {
    return path === RESET_PATH && request.method === 'POST'
  }

  /** The answer to every other call: 503, the reason, and the way out, at the workspace's own path. */
  refusal(name: string, requestId: ReturnType<typeof crypto.randomUUID>): Response {
    return problem(
      503,
      'workspace_unloadable',
      `Failed to load the workspace "${name}": ${this.#reason ?? 'its state did not load.'} Its records are kept as they are; POST ${resetPathOf(name)} with the admin token and {"keepKeys":true} keeps every key that passes its check and lists what it drops, or with {} starts it over, keys included.`,
      requestId,
    )
  }
}
