import type { Workspace } from '../../../api/core.ts'
import type { BridgeTab } from '../../../bridge/tab/startBridge.ts'
import { createControlClient } from '../../../client/controlClient.ts'
import type { SandboxClient } from '../../../client/sandboxClient.ts'
import { settingsStore } from '../settingsStore.ts'
import type { SandboxConnection } from './sandboxConnection.ts'

export interface TabConnectionOptions {
  /** The site's root URL: the control API answers below it, in this tab's service worker. */
  siteUrl: URL
  /** The API client on the page's own origin. */
  api: SandboxClient
  /** The token this tab's control handler demands; it exists only in this tab's memory. */
  controlToken: string
  /** The tab's workspace, only for its change feed: other tabs share its database and announce their changes. */
  workspace: Pick<Workspace, 'subscribe'>
  /** The tab's bridge, through which outside clients reach it where the page's server offers one. */
  bridge: Pick<BridgeTab, 'onOutsideRequest'> | null
}

/**
 * The connection to the sandbox in this tab's service worker: real fetch on
 * the page's own origin for both APIs. What changes under the page here is
 * another tab's work (its workspace announces it; its clock and faults reach
 * this tab's settings through storage) or the bridge's control calls, which
 * move this tab's settings too.
 */
export function createTabConnection(options: TabConnectionOptions): SandboxConnection {
  const control = createControlClient({ url: options.siteUrl.href, token: options.controlToken })
  return {
    host: { kind: 'tab', label: 'this tab' },
    api: options.api,
    control,
    onChange(listener) {
      const unsubscribeWorkspace = options.workspace.subscribe(() => listener())
      const unsubscribeSettings = settingsStore.subscribe((state, previous) => {
        if (state.clockOffsetMs !== previous.clockOffsetMs || state.faults !== previous.faults) listener()
      })
      return () => {
        unsubscribeWorkspace()
        unsubscribeSettings()
      }
    },
    // Outside clients reach a tab only through its bridge, which announces each request it answered.
    onOutsideRequest: (listener) => options.bridge?.onOutsideRequest(listener) ?? (() => {}),
    // The tab's sandbox lives as long as the tab.
    onGone: () => () => {},
  }
}
