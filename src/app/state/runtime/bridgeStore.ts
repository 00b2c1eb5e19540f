/**
 * Whether outside clients (curl, scripts, another app) can reach this tab's
 * sandbox over HTTP, and at which URL. Each request they sent reaches the
 * history through the page's connection (`onOutsideRequest`). The bridge
 * itself lives in src/bridge/tab (docs/decisions/012-http-bridge.md); this is
 * what the views read.
 */
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import type { BridgeStatus, BridgeTab } from '../../../bridge/tab/startBridge.ts'

/** Where `npx developer-sandbox serve` answers by default: what to use where no server of ours can reach the tab. */
export const SERVE_API_BASE = 'http://127.0.0.1:4010/api/developer/v1'
export const SERVE_COMMAND = 'npx developer-sandbox serve'

export const bridgeStore = createStore<{ status: BridgeStatus }>()(() => ({ status: { state: 'starting' } }))

/** The URL outside clients reach this sandbox at, or undefined where there is none (a static host, a failed probe). */
export function outsideApiUrl(status: BridgeStatus): string | undefined {
  return 'apiUrl' in status ? status.apiUrl.replace(/\/$/, '') : undefined
}

/** Follows the page's bridge status into the store (its outside requests reach the history through the connection). */
export function followBridge(bridge: BridgeTab | null): () => void {
  if (!bridge) return () => {}
  bridgeStore.setState({ status: bridge.status })
  return bridge.subscribe((status) => bridgeStore.setState({ status }))
}

export function useBridgeStatus(): BridgeStatus {
  return useStore(bridgeStore, (state) => state.status)
}
