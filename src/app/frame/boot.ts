import { playgroundBridge } from '../../bridge/tab/playgroundBridge.ts'
import { connectSandboxControls } from '../state/connection/sandboxControlsStore.ts'
import { playgroundEvents } from '../state/events.ts'
import { followHistoryInOtherTabs, followOutsideRequests } from '../state/history/historyStore.ts'
import { followWorkspaceEvents } from '../state/keys/keyVault.ts'
import { connectWorkspace } from '../state/keys/workspaceStore.ts'
import { followHash, navigationStore } from '../state/navigation.ts'
import { followBridge } from '../state/runtime/bridgeStore.ts'
import { startSandboxOnce, whenConnected } from '../state/runtime/runtimeStore.ts'
import { followOtherTabs } from '../state/settingsStore.ts'
import { openingAnswered } from './openingAnswered.ts'
import { prefetchEditorWhenIdle } from './prefetchEditor.ts'
import { preloadOpeningSection, preloadSectionsWhenIdle } from './preloadSection.ts'

/**
 * Everything the page starts once, outside React: cross-tab listeners, the
 * key vault following the workspace's events, the sandbox and its worker,
 * and, once the sandbox is up and the opening section has its first answer,
 * its clock, faults and keys through the control API, the HTTP bridge's
 * status, and the code of the sections the page did not open on.
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
  void startSandboxOnce()
  whenConnected((connection) =>
    openingAnswered(opening).then(() => {
      connectSandboxControls(connection)
      connectWorkspace(connection)
      connection.onOutsideRequest((request) => playgroundEvents.emit('outsideRequest', request))
      followBridge(playgroundBridge())
      preloadSectionsWhenIdle()
    }),
  )
}
