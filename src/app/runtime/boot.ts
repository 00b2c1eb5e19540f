import { followHistoryInOtherTabs } from '../console/historyStore.ts'
import { followOtherTabs } from '../settings/settingsStore.ts'
import { followHash, navigationStore } from '../shell/navigation.ts'
import { preloadOpeningSection } from '../shell/preloadSection.ts'
import { connectWorkspace } from '../workspace/workspaceStore.ts'
import { runtimeStore, startSandboxOnce } from './runtimeStore.ts'

/**
 * Everything the page starts once, outside React: cross-tab listeners, the
 * sandbox and its worker, and the workspace list once the sandbox is up.
 */
export function boot(): void {
  followOtherTabs()
  followHistoryInOtherTabs()
  followHash()
  preloadOpeningSection(navigationStore.getState().section)
  void startSandboxOnce().then(() => {
    const state = runtimeStore.getState()
    if (state.phase === 'ready') connectWorkspace(state.sandbox.workspace)
  })
}
