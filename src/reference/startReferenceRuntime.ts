/**
 * The reference's sandbox: the playground's own workspace (same database,
 * same clock, same fault switches), so "Try it" answers exactly as the
 * playground would and a key remembered there works here. Requests reach it
 * through this page's MSW worker, as fetch from any client would; where the
 * browser allows no worker (a docs site's frame that blocks third-party
 * storage, an insecure origin) they are handed to the sandbox in the page,
 * and where it allows no storage either, the sandbox lives in memory.
 */
import { createSandboxCore, type Sandbox } from '../api/core.ts'
import { sandboxNow } from '../app/state/clock.ts'
import { currentFaults } from '../app/state/faults.ts'
import { within } from '../runtime/within.ts'

const START_TIMEOUT_MS = 15_000

export type ReferenceTransport = { kind: 'service-worker' } | { kind: 'in-page'; reason: string }

export interface ReferenceRuntime {
  sandbox: Sandbox
  transport: ReferenceTransport
  /** `memory` when the browser keeps no storage for this page: keys made here last as long as the page. */
  storage: 'indexeddb' | 'memory'
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

async function opened(sandbox: Sandbox): Promise<Sandbox> {
  // Listing keys opens (and on first use creates and seeds) the database, so a refusal shows here.
  await sandbox.workspace.listKeys()
  return sandbox
}

async function openSandbox(): Promise<Pick<ReferenceRuntime, 'sandbox' | 'storage'>> {
  const options = { now: sandboxNow, faults: currentFaults }
  if (typeof indexedDB !== 'undefined' && indexedDB) {
    const sandbox = createSandboxCore(options)
    try {
      return { sandbox: await opened(sandbox), storage: 'indexeddb' }
    } catch {
      await sandbox.close()
    }
  }
  return { sandbox: await opened(createSandboxCore({ ...options, memory: true })), storage: 'memory' }
}

async function startTransport(sandbox: Sandbox): Promise<ReferenceTransport> {
  if (!window.isSecureContext) return { kind: 'in-page', reason: 'this page is not served over HTTPS or from localhost' }
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker)
    return { kind: 'in-page', reason: 'this browser offers no service worker here' }
  let worker: { stop(): void }
  try {
    const { startReferenceWorker } = await import('./referenceWorker.ts')
    worker = await within(startReferenceWorker(sandbox), START_TIMEOUT_MS, () => new Error(`no answer within ${START_TIMEOUT_MS / 1000} s`))
  } catch (error) {
    return { kind: 'in-page', reason: reasonOf(error) }
  }
  // A hard reload loads the page past any worker: "Try it" would then reach the static host.
  if (!navigator.serviceWorker.controller) {
    worker.stop()
    return { kind: 'in-page', reason: 'the worker does not control this page (a hard reload bypasses it)' }
  }
  return { kind: 'service-worker' }
}

/** Opens the workspace and starts the worker, or says why requests are answered in the page instead. */
export async function startReferenceRuntime(): Promise<ReferenceRuntime> {
  const { sandbox, storage } = await openSandbox()
  return { sandbox, storage, transport: await startTransport(sandbox) }
}
