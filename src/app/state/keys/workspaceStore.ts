import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import type { ControlClient, IssueKeyOptions, KeySummary } from '../../../client/controlClient.ts'
import type { SandboxConnection } from '../connection/sandboxConnection.ts'
import { sandboxControlsStore } from '../connection/sandboxControlsStore.ts'
import { playgroundEvents } from '../events.ts'

/** The sandbox's keys as every view sees them, through the control API: display data only, never a secret. */
export interface WorkspaceState {
  control: ControlClient | undefined
  keys: KeySummary[]
  loaded: boolean
  /** The last failure of a workspace action, ready to show. */
  error: string | undefined
  /** The key whose secret is on screen right now, once, just after issuing. */
  revealId: string | undefined
  refresh(): Promise<void>
  /** Issues a key; its plaintext is announced once (`keyIssued`) for this tab's key vault, and not kept here. */
  issue(options: IssueKeyOptions): Promise<KeySummary | undefined>
  revoke(id: string): Promise<void>
  dismissReveal(): void
  clearError(): void
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

export const workspaceStore = createStore<WorkspaceState>()((set, get) => {
  async function run<T>(action: (control: ControlClient) => Promise<T>): Promise<T | undefined> {
    const { control } = get()
    if (!control) return undefined
    try {
      const value = await action(control)
      set({ error: undefined })
      return value
    } catch (error) {
      set({ error: message(error) })
      return undefined
    }
  }
  return {
    control: undefined,
    keys: [],
    loaded: false,
    error: undefined,
    revealId: undefined,
    async refresh() {
      const keys = await run((control) => control.listKeys())
      if (!keys) return
      const before = get().keys
      set({ keys, loaded: true })
      announceReplacement(before, keys)
    },
    async issue(options) {
      const issued = await run((control) => control.issueKey(options))
      if (!issued) return undefined
      const { key, ...summary } = issued
      playgroundEvents.emit('keyIssued', { summary, key })
      set({ revealId: summary.id })
      await get().refresh()
      return summary
    },
    async revoke(id) {
      const revoked = await run(async (control) => {
        await control.revokeKey(id)
        return true
      })
      if (revoked) playgroundEvents.emit('keyRevoked', { id })
      await get().refresh()
    },
    dismissReveal: () => set({ revealId: undefined }),
    clearError: () => set({ error: undefined }),
  }
})

/**
 * Keys never leave the list on their own (a revoked or expired key stays in
 * it): when some are gone, the sandbox was reset or replaced by an import,
 * here or by any other client, and the secrets of the missing keys open
 * nothing any more.
 */
function announceReplacement(before: readonly KeySummary[], after: readonly KeySummary[]): void {
  const ids = new Set(after.map((key) => key.id))
  if (!before.some((key) => !ids.has(key.id))) return
  if (after.length === 0) playgroundEvents.emit('workspaceReset', { at: Date.now() })
  else playgroundEvents.emit('workspaceImported', { keyIds: [...ids] })
}

/**
 * Binds the store to the sandbox's control API and keeps the list current:
 * whatever changes under the page (another tab, another client) and clock
 * moves (statuses depend on the clock).
 */
export function connectWorkspace(connection: SandboxConnection): () => void {
  workspaceStore.setState({ control: connection.control })
  const refresh = () => void workspaceStore.getState().refresh()
  const unsubscribe = connection.onChange(refresh)
  const unfollowClock = sandboxControlsStore.subscribe((state, previous) => {
    if (state.clockMoves !== previous.clockMoves) refresh()
  })
  // Keys expire while the page is open; a minute is fine-grained enough for a list.
  const timer = setInterval(refresh, 60_000)
  refresh()
  return () => {
    unsubscribe()
    unfollowClock()
    clearInterval(timer)
  }
}

export function useWorkspace<T>(selector: (state: WorkspaceState) => T): T {
  return useStore(workspaceStore, selector)
}
