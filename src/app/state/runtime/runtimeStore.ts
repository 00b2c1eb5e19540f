import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { playgroundBridge } from '../../../bridge/tab/playgroundBridge.ts'
import { ControlClientError } from '../../../client/controlClient.ts'
import { createSandboxClient } from '../../../client/sandboxClient.ts'
import { createRemoteConnection, sandboxGoneBeforeToken } from '../connection/remoteConnection.ts'
import type { SandboxConnection, SandboxHost } from '../connection/sandboxConnection.ts'
import { createTabConnection } from '../connection/tabConnection.ts'
import { redeemHandover } from './adminHandover.ts'
import { pageHost } from './pageHost.ts'
import { forgetAdminToken, readRememberedAdminToken, rememberAdminToken } from './rememberedAdminToken.ts'
import { describeProblem, type RuntimeProblem, RuntimeStartError } from './runtimeProblem.ts'
import { siteUrl, startRuntime } from './startRuntime.ts'

export type RuntimeState =
  | { phase: 'starting' }
  | { phase: 'ready'; connection: SandboxConnection; readyMs: number; workerUrl: string }
  | { phase: 'failed'; problem: RuntimeProblem }
  /** A host that served this page waits for its admin token; `refused` says why the last one did not open it. */
  | { phase: 'locked'; host: RemoteHost; refused?: string }
  /** The host no longer has the sandbox this page manages (a team workspace deleted); `reason` is the host's words. */
  | { phase: 'gone'; host: RemoteHost; reason: string }

type RemoteHost = Exclude<SandboxHost, { kind: 'tab' }>

export const runtimeStore = createStore<RuntimeState>()(() => ({ phase: 'starting' }))

let starting: Promise<void> | undefined

/** Set once, when the page receives its first API answer; the cold-start benchmark reads it. */
export const API_READY_MARK = 'sandbox:api-ready'

let answered: () => void = () => {}
/** Settles when the page receives its first API answer: work that must not compete with it waits for this. */
export const firstAnswer = new Promise<void>((resolve) => {
  answered = resolve
})

const fetchMarkingFirstAnswer: typeof fetch = async (input, init) => {
  const response = await fetch(input, init)
  if (performance.getEntriesByName(API_READY_MARK, 'mark').length === 0) {
    performance.mark(API_READY_MARK)
    answered()
  }
  return response
}

function startTab(): Promise<void> {
  // The core and MSW are part of the entry, so the database opens and the
  // worker registers before the app's first render, whose work then overlaps
  // those waits. The frame does not wait for them: the build writes it into
  // the page (decision 035).
  return startRuntime().then(
    ({ sandbox, control, readyMs, workerUrl }) => {
      // Both clients call with real fetch on the page's own origin; the worker answers, as a remote host would.
      const connection = createTabConnection({
        siteUrl: siteUrl(),
        api: createSandboxClient({ fetch: fetchMarkingFirstAnswer }),
        controlToken: control.token,
        workspace: sandbox.workspace,
        bridge: playgroundBridge(),
      })
      runtimeStore.setState({ phase: 'ready', connection, readyMs, workerUrl }, true)
    },
    (error: unknown) => {
      const problem =
        error instanceof RuntimeStartError
          ? error.problem
          : describeProblem('worker-failed', error instanceof Error ? error.message : String(error))
      runtimeStore.setState({ phase: 'failed', problem }, true)
    },
  )
}

/**
 * Opens a host that served this page with an admin token: kept in this
 * page's memory only, sent to this origin only. The token is checked with
 * one control call before the page counts as connected.
 */
export async function unlockRemote(host: RemoteHost, adminToken: string, options: { remember?: boolean } = {}): Promise<void> {
  const started = performance.now()
  const site = new URL(host.site)
  const connection = createRemoteConnection({ host, siteUrl: site, adminToken, fetch: fetchMarkingFirstAnswer })
  try {
    await connection.control.getClock()
  } catch (error) {
    // Gone is no fault of the token: it is kept, for a workspace the admin creates again under the same name.
    if (error instanceof ControlClientError && error.code === 'workspace_not_found') {
      runtimeStore.setState({ phase: 'gone', host, reason: error.message }, true)
      return
    }
    // A remembered token that no longer opens the host is of no use kept.
    if (readRememberedAdminToken(site) === adminToken) forgetAdminToken(site)
    runtimeStore.setState({ phase: 'locked', host, refused: error instanceof Error ? error.message : String(error) }, true)
    return
  }
  if (options.remember) rememberAdminToken(site, adminToken)
  runtimeStore.setState({ phase: 'ready', connection, readyMs: Math.round(performance.now() - started), workerUrl: '' }, true)
  connection.onGone((reason) => runtimeStore.setState({ phase: 'gone', host, reason }, true))
}

async function startRemote(host: RemoteHost): Promise<void> {
  const site = new URL(host.site)
  const token = (await redeemHandover(site)) ?? readRememberedAdminToken(site)
  if (token) {
    await unlockRemote(host, token)
    return
  }
  // Asking for a token to manage a sandbox that is gone would mislead: the page says it is gone instead.
  const reason = await sandboxGoneBeforeToken(site)
  runtimeStore.setState(reason === undefined ? { phase: 'locked', host } : { phase: 'gone', host, reason }, true)
}

/** Starts the sandbox once per page (this tab's, or the host's that served it); later calls share the first attempt. */
export function startSandboxOnce(): Promise<void> {
  if (!starting) {
    const host = pageHost(siteUrl())
    starting = host.kind === 'tab' ? startTab() : startRemote(host)
  }
  return starting
}

/** Calls `connect` once the sandbox is connected, now or later (a host may wait for its admin token). */
export function whenConnected(connect: (connection: SandboxConnection) => void): void {
  const state = runtimeStore.getState()
  if (state.phase === 'ready') {
    connect(state.connection)
    return
  }
  const unsubscribe = runtimeStore.subscribe((next) => {
    if (next.phase !== 'ready') return
    unsubscribe()
    connect(next.connection)
  })
}

/**
 * Whether this page's host serves the static site's other pages (the API
 * reference, the docs embeds gallery). They run a sandbox of their own in the
 * tab, so only the static site has them: `serve` and a team workspace answer
 * them 404, and their pages must not link there. The build's prerendered
 * frame is the static site's.
 */
export function servesTabPages(): boolean {
  if (typeof location === 'undefined') return true
  return pageHost(siteUrl()).kind === 'tab'
}

export function useRuntime<T>(selector: (state: RuntimeState) => T): T {
  return useStore(runtimeStore, selector)
}

/** The connection to the running sandbox; only for components rendered once the runtime is ready. */
export function useReadyRuntime(): Extract<RuntimeState, { phase: 'ready' }> {
  const state = useStore(runtimeStore)
  if (state.phase !== 'ready') throw new Error('Failed to use the sandbox: it has not started yet')
  return state
}

/** The one way views reach the sandbox, whichever host runs it; only for components rendered once the runtime is ready. */
export function useConnection(): SandboxConnection {
  return useReadyRuntime().connection
}
