/**
 * The reference's sandbox: the playground's own workspace (same database,
 * same clock, same fault switches), so "Try it" answers exactly as the
 * playground would and a key remembered there works here. Requests reach it
 * through this page's MSW worker, as fetch from any client would.
 */
import { setupWorker } from 'msw/browser'
import { createHandlers, createSandboxCore, type Sandbox } from '../api/index.ts'
import { sandboxNow } from '../app/state/clock.ts'
import { currentFaults } from '../app/state/faults.ts'
import { within } from '../runtime/within.ts'
import { workerStartOptions } from '../runtime/workerStartOptions.ts'

const START_TIMEOUT_MS = 15_000

export type ReferenceRuntime = { kind: 'ready'; sandbox: Sandbox } | { kind: 'unavailable'; reason: string }

function reasonOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

async function start(): Promise<ReferenceRuntime> {
  if (!window.isSecureContext) return { kind: 'unavailable', reason: 'this page is not served over HTTPS or from localhost' }
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker)
    return { kind: 'unavailable', reason: 'this browser offers no service worker here' }
  const sandbox = createSandboxCore({ now: sandboxNow, faults: currentFaults })
  const worker = setupWorker(...createHandlers(sandbox))
  try {
    // Listing keys opens (and on first use creates and seeds) the database.
    await Promise.all([sandbox.workspace.listKeys(), worker.start(workerStartOptions())])
  } catch (error) {
    worker.stop()
    return { kind: 'unavailable', reason: reasonOf(error) }
  }
  // A hard reload loads the page past any worker: "Try it" would then reach the static host.
  if (!navigator.serviceWorker.controller) {
    worker.stop()
    return { kind: 'unavailable', reason: 'the worker does not control this page (a hard reload bypasses it; reload normally)' }
  }
  return { kind: 'ready', sandbox }
}

/** Opens the workspace and starts the worker, or says why "Try it" cannot be answered in this page. */
export async function startReferenceRuntime(): Promise<ReferenceRuntime> {
  try {
    return await within(start(), START_TIMEOUT_MS, () => new Error(`no answer within ${START_TIMEOUT_MS / 1000} s`))
  } catch (error) {
    return { kind: 'unavailable', reason: reasonOf(error) }
  }
}
