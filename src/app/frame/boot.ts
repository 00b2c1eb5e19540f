import { followHistoryInOtherTabs } from '../state/history/historyStore.ts'
import { followWorkspaceEvents } from '../state/keys/keyVault.ts'
import { connectWorkspace } from '../state/keys/workspaceStore.ts'
import { followHash, navigationStore } from '../state/navigation.ts'
import { runtimeStore, startSandboxOnce } from '../state/runtime/runtimeStore.ts'
import { followOtherTabs } from '../state/settingsStore.ts'
import { preloadOpeningSection } from './preloadSection.ts'

/**
 * Everything the page starts once, outside React: cross-tab listeners, the
 * key vault following the workspace's events, the sandbox and its worker,
 * and the workspace list once the sandbox is up.
 */
export function boot(): void {
  followOtherTabs()
  followWorkspaceEvents()
  followHistoryInOtherTabs()
  followHash()
  preloadOpeningSection(navigationStore.getState().section)
  void startSandboxOnce().then(() => {
    const state = runtimeStore.getState()
    if (state.phase === 'ready') connectWorkspace(state.sandbox.workspace)
  })
}
