import { playgroundBridge } from '../../bridge/tab/playgroundBridge.ts'
import { followHistoryInOtherTabs, followOutsideRequests } from '../state/history/historyStore.ts'
import { followWorkspaceEvents } from '../state/keys/keyVault.ts'
import { connectWorkspace } from '../state/keys/workspaceStore.ts'
import { followHash, navigationStore } from '../state/navigation.ts'
import { followBridge } from '../state/runtime/bridgeStore.ts'
import { firstApiAnswer, runtimeStore, startSandboxOnce } from '../state/runtime/runtimeStore.ts'
import { followOtherTabs } from '../state/settingsStore.ts'
import { preloadOpeningSection } from './preloadSection.ts'

const BRIDGE_START_LATEST_MS = 1000

/**
 * Everything the page starts once, outside React: cross-tab listeners, the
 * key vault following the workspace's events, the sandbox and its worker,
 * and, once the sandbox is up, the workspace list and, after the page's first
 * API answer, the HTTP bridge's status.
 */
export function boot(): void {
  followOtherTabs()
  followWorkspaceEvents()
  followHistoryInOtherTabs()
  followOutsideRequests()
  followHash()
  preloadOpeningSection(navigationStore.getState().section)
  void startSandboxOnce().then(() => {
    const state = runtimeStore.getState()
    if (state.phase !== 'ready') return
    connectWorkspace(state.sandbox.workspace)
    // The bridge's probe is one more request through the worker: it waits for
    // the page's first answer (or a second, if the page asks nothing) instead
    // of competing with it on a cold page.
    void Promise.race([firstApiAnswer, new Promise((resolve) => setTimeout(resolve, BRIDGE_START_LATEST_MS))]).then(() =>
      followBridge(playgroundBridge()),
    )
  })
}
