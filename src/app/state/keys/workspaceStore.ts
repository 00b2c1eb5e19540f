import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import type { IssueKeyOptions, KeySummary, Workspace } from '../../../api/core.ts'
import { onClockMoved } from '../clock.ts'
import { playgroundEvents } from '../events.ts'

/** The workspace's keys as every view sees them: hashes and display data only, never a secret. */
export interface WorkspaceState {
  workspace: Workspace | undefined
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
  async function run<T>(action: (workspace: Workspace) => Promise<T>): Promise<T | undefined> {
    const { workspace } = get()
    if (!workspace) return undefined
    try {
      const value = await action(workspace)
      set({ error: undefined })
      return value
    } catch (error) {
      set({ error: message(error) })
      return undefined
    }
  }
  return {
    workspace: undefined,
    keys: [],
    loaded: false,
    error: undefined,
    revealId: undefined,
    async refresh() {
      const keys = await run((workspace) => workspace.listKeys())
      if (keys) set({ keys, loaded: true })
    },
    async issue(options) {
      const issued = await run((workspace) => workspace.issueKey(options))
      if (!issued) return undefined
      const { key, ...summary } = issued
      playgroundEvents.emit('keyIssued', { summary, key })
      set({ revealId: summary.id })
      await get().refresh()
      return summary
    },
    async revoke(id) {
      const revoked = await run(async (workspace) => {
        await workspace.revokeKey(id)
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
 * Binds the store to the running sandbox's workspace and keeps the list
 * current: changes from this tab or any other (BroadcastChannel, through
 * `workspace.subscribe`) and clock jumps (statuses depend on the clock).
 */
export function connectWorkspace(workspace: Workspace): () => void {
  workspaceStore.setState({ workspace })
  const refresh = () => workspaceStore.getState().refresh()
  const unsubscribe = workspace.subscribe((change) => {
    if (change.type === 'reset') playgroundEvents.emit('workspaceReset', { at: Date.now() })
    void refresh().then(() => {
      if (change.type === 'import')
        playgroundEvents.emit('workspaceImported', { keyIds: workspaceStore.getState().keys.map((key) => key.id) })
    })
  })
  const unfollowClock = onClockMoved(() => void refresh())
  // Keys expire while the page is open; a minute is fine-grained enough for a list.
  const timer = setInterval(() => void refresh(), 60_000)
  void refresh()
  return () => {
    unsubscribe()
    unfollowClock()
    clearInterval(timer)
  }
}

export function useWorkspace<T>(selector: (state: WorkspaceState) => T): T {
  return useStore(workspaceStore, selector)
}
