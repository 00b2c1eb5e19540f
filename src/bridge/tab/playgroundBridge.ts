import type { BridgeSandbox } from './runForwarded.ts'
import { type BridgeTab, type StartBridgeOptions, startBridge } from './startBridge.ts'

/** The playground's one bridge, started with its runtime and read by the views that show it. */
let current: BridgeTab | null = null

/** Offers the playground's sandbox to outside clients over the page's server (a no-op status on a static host). */
export function offerSandboxOverHttp(sandbox: BridgeSandbox, options?: StartBridgeOptions): BridgeTab {
  current?.stop()
  current = startBridge(sandbox, options)
  return current
}

/** The bridge of this page, or null before the runtime has started. */
export function playgroundBridge(): BridgeTab | null {
  return current
}
