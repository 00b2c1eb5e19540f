import { playgroundBridge } from '../../bridge/tab/playgroundBridge.ts'
import { followHistoryInOtherTabs, followOutsideRequests } from '../state/history/historyStore.ts'
import { followWorkspaceEvents } from '../state/keys/keyVault.ts'
import { connectWorkspace } from '../state/keys/workspaceStore.ts'
import { followHash, navigationStore } from '../state/navigation.ts'
import { followBridge } from '../state/runtime/bridgeStore.ts'
import { runtimeStore, startSandboxOnce } from '../state/runtime/runtimeStore.ts'
import { followOtherTabs } from '../state/settingsStore.ts'
import { prefetchEditorWhenIdle } from './prefetchEditor.ts'
import { preloadOpeningSection } from './preloadSection.ts'

/**
 * Everything the page starts once, outside React: cross-tab listeners, the
 * key vault following the workspace's events, the sandbox and its worker,
 * and, once the sandbox is up, the workspace list and the HTTP bridge's status.
 */
export function boot(): void {
  followOtherTabs()
  followWorkspaceEvents()
  followHistoryInOtherTabs()
  followOutsideRequests()
  followHash()
  const opening = navigationStore.getState().section
  preloadOpeningSection(opening)
  if (opening !== 'editor') prefetchEditorWhenIdle()
  void startSandboxOnce().then(() => {
    const state = runtimeStore.getState()
    if (state.phase !== 'ready') return
    connectWorkspace(state.sandbox.workspace)
    followBridge(playgroundBridge())
  })
}
