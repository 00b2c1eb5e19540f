import { setupWorker } from 'msw/browser'
import { createHandlers, createSandboxCore, type SandboxWithHandlers } from '../../../api/index.ts'
import { probeBridge } from '../../../bridge/tab/bridgeProbe.ts'
import { offerSandboxOverHttp } from '../../../bridge/tab/playgroundBridge.ts'
import { within } from '../../../runtime/within.ts'
import { workerScriptUrl, workerStartOptions } from '../../../runtime/workerStartOptions.ts'
import { sandboxNow } from '../clock.ts'
import { currentFaults } from '../faults.ts'
import { playgroundControls } from '../playgroundControls.ts'
import { describeProblem, type RuntimeProblemKind, RuntimeStartError } from './runtimeProblem.ts'
import { createTabControl, type TabControl } from './tabControl.ts'
import { tabControlRoute } from './tabControlRoute.ts'

export interface RuntimeReady {
  sandbox: SandboxWithHandlers
  /** The control API over this tab's sandbox; the page reaches it through the worker, the bridge directly. */
  control: TabControl
  /** Milliseconds from navigation start until the worker answered for this page. */
  readyMs: number
  /** Where the worker script was registered from (under the site's base). */
  workerUrl: string
}

const START_TIMEOUT_MS = 15_000

function fail(kind: RuntimeProblemKind, cause?: unknown): never {
  const detail = cause instanceof Error ? `${cause.name}: ${cause.message}` : cause === undefined ? undefined : String(cause)
  throw new RuntimeStartError(describeProblem(kind, detail))
}

const timedOut = (ms: number) => new RuntimeStartError(describeProblem('timeout', `No answer within ${ms / 1000} s.`))

/** The site's root URL (the page's base): where the API and the control API answer for this tab. */
export function siteUrl(): URL {
  return new URL(import.meta.env.BASE_URL, location.href)
}

/** The performance mark set when the sandbox answers; its time is the badge's "ready … after navigation". */
export const READY_MARK = 'sandbox:worker-ready'

async function start(): Promise<RuntimeReady> {
  if (!window.isSecureContext) fail('insecure-context')
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker) fail('no-service-worker')
  if (typeof indexedDB === 'undefined' || !indexedDB) fail('no-indexeddb')

  // Asked before the worker registers, the probe goes straight to the server
  // instead of through the worker ahead of the page's first API request.
  const probe = probeBridge()
  // The clock and faults are read on every request, so changes made in any tab apply at once.
  // The database opens while the page may still be parsing the editor (a shared #/editor link preloads it): on a
  // busy machine that long task can outlast the 3 s a request waits for authorisation, so the first open waits longer.
  const core = createSandboxCore({ now: sandboxNow, faults: currentFaults, journal: playgroundControls.journal, openTimeoutMs: 10_000 })
  const sandbox: SandboxWithHandlers = { ...core, handlers: createHandlers(core) }
  const control = createTabControl(sandbox.workspace)
  const worker = setupWorker(...sandbox.handlers, tabControlRoute(siteUrl(), control.handle))
  const workerUrl = workerScriptUrl()
  // Opening the database and registering the worker do not depend on each
  // other: started together, the page is ready after the slower of the two.
  const [opened, registered] = await Promise.allSettled([
    // Listing keys opens (and on first start creates and seeds) the database.
    sandbox.workspace.listKeys(),
    worker.start(workerStartOptions()),
  ])
  if (opened.status === 'rejected') {
    if (registered.status === 'fulfilled') worker.stop()
    fail('indexeddb-failed', opened.reason)
  }
  if (registered.status === 'rejected') {
    await sandbox.close()
    fail('worker-failed', registered.reason)
  }
  offerSandboxOverHttp({ ...sandbox, control: control.trusted, journal: playgroundControls.journal }, { probe })
  // From navigation start (the time origin), as long as the user actually waited, not from when this code began.
  const ready = performance.mark(READY_MARK)
  return { sandbox, control, readyMs: Math.round(ready.startTime), workerUrl }
}

/** Opens the sandbox database and starts the MSW worker, or says plainly why it cannot. */
export function startRuntime(): Promise<RuntimeReady> {
  return within(start(), START_TIMEOUT_MS, () => timedOut(START_TIMEOUT_MS))
}
