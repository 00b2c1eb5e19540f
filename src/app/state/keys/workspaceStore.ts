import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import type { IssueKeyOptions, KeySummary, Scope, Workspace } from '../../../api/index.ts'
import { settingsStore } from '../settingsStore.ts'
import { keyVault } from './keyVault.ts'

export interface WorkspaceState {
  workspace: Workspace | undefined
  keys: KeySummary[]
  loaded: boolean
  /** The last failure of a workspace action, ready to show. */
  error: string | undefined
  /** The key whose secret is on screen right now, once, just after issuing. */
  revealId: string | undefined
  /** Scopes another view asks the issue form to start with (e.g. after a 403); `nonce` makes a repeat count. */
  draft: { scopes: Scope[]; nonce: number } | undefined
  prefill(scopes: Scope[]): void
  refresh(): Promise<void>
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
    draft: undefined,
    prefill: (scopes) => set({ draft: { scopes, nonce: (get().draft?.nonce ?? 0) + 1 } }),
    async refresh() {
      const keys = await run((workspace) => workspace.listKeys())
      if (keys) set({ keys, loaded: true })
    },
    async issue(options) {
      const issued = await run((workspace) => workspace.issueKey(options))
      if (!issued) return undefined
      const { key, ...summary } = issued
      // The plaintext goes to this tab's memory and nowhere else.
      keyVault.getState().remember(summary.id, key, { select: true })
      set({ revealId: summary.id })
      await get().refresh()
      return summary
    },
    async revoke(id) {
      await run((workspace) => workspace.revokeKey(id))
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
  const refresh = () => void workspaceStore.getState().refresh()
  const unsubscribe = workspace.subscribe((change) => {
    // A reset leaves nothing the plaintext keys of this tab could open; an
    // import keeps only those whose key records came back with it.
    if (change.type === 'reset') keyVault.getState().forgetAll()
    void workspaceStore
      .getState()
      .refresh()
      .then(() => {
        if (change.type === 'import') keyVault.getState().keepOnly(workspaceStore.getState().keys.map((key) => key.id))
      })
  })
  const unfollowClock = settingsStore.subscribe((state, previous) => {
    if (state.clockOffsetMs !== previous.clockOffsetMs) refresh()
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
