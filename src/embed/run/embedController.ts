/**
 * The state of one embed page and the few things a reader can do to it,
 * in a vanilla store with no React, so the page's behaviour is testable on
 * its own and the view only renders it.
 */
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { EmbedExample } from '../examples.ts'
import { createEmbedClock, type EmbedClock } from '../runtime/embedClock.ts'
import { type EmbedProblem, errorDetail } from '../runtime/embedProblem.ts'
import { createKeyLease, type KeyLease, revokeOrphanedKeys } from '../runtime/keyLease.ts'
import { holdPageLock } from '../runtime/pageLock.ts'
import { type EmbedRuntime, startEmbedRuntime } from '../runtime/startEmbedRuntime.ts'
import type { EmbedTransport } from '../runtime/transport.ts'
import { type RunOutcome, runExample } from './runExample.ts'

export type RuntimePhase =
  | { phase: 'starting' }
  | { phase: 'ready'; transport: EmbedTransport }
  | { phase: 'failed'; problem: EmbedProblem }

export type RunState =
  | { status: 'idle' }
  | { status: 'running'; warmUp?: { sent: number; total: number } }
  | { status: 'done'; outcome: RunOutcome; keyHint: string | null }
  | { status: 'failed'; message: string }

export interface EmbedState {
  runtime: RuntimePhase
  /** The held key as the reader may see it; null when none is held right now. */
  keyHint: string | null
  /** The body the reader edits; undefined for operations without one. */
  body: string | undefined
  run: RunState
}

export interface EmbedController {
  store: StoreApi<EmbedState>
  /** Opens the sandbox, connects it to fetch and issues the example's key. */
  start(): Promise<void>
  run(): Promise<void>
  setBody(body: string): void
  resetBody(): void
}

function failed(error: unknown): EmbedProblem {
  return { title: 'This example cannot run here', message: 'Failed to start the sandbox in this frame.', detail: errorDetail(error) }
}

export function createEmbedController(example: EmbedExample, clock: EmbedClock = createEmbedClock()): EmbedController {
  const store = createStore<EmbedState>()(() => ({
    runtime: { phase: 'starting' },
    keyHint: null,
    body: example.body,
    run: { status: 'idle' },
  }))
  let ready: { runtime: EmbedRuntime; lease: KeyLease } | undefined

  function revokeWhenHidden(lease: KeyLease): void {
    // A hidden page may never come back (tab closed, frame removed), and
    // pagehide alone can be too late for IndexedDB to finish, so both count.
    const release = () => void lease.release().catch(() => undefined)
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') release()
    })
    window.addEventListener('pagehide', release)
  }

  return {
    store,

    async start() {
      try {
        const runtime = await startEmbedRuntime(clock)
        const { workspace } = runtime.sandbox
        // In memory the keys die with the page anyway; only a shared database needs the lock and the sweep.
        const shared = runtime.storage === 'indexeddb'
        const pageLock = shared ? await holdPageLock() : undefined
        const lease = createKeyLease({
          workspace,
          scopes: example.scopes,
          now: Date.now,
          pageLock,
          onChange: (keyHint) => store.setState({ keyHint }),
        })
        if (shared) await revokeOrphanedKeys(workspace)
        await lease.acquire()
        ready = { runtime, lease }
        revokeWhenHidden(lease)
        store.setState({ runtime: { phase: 'ready', transport: runtime.transport } })
      } catch (error) {
        store.setState({ runtime: { phase: 'failed', problem: failed(error) } })
      }
    },

    async run() {
      if (!ready || store.getState().run.status === 'running') return
      store.setState({ run: { status: 'running' } })
      try {
        const outcome = await runExample(example, store.getState().body, {
          client: ready.runtime.client,
          lease: ready.lease,
          clock,
          onWarmUp: (sent, total) => store.setState({ run: { status: 'running', warmUp: { sent, total } } }),
        })
        store.setState({ run: { status: 'done', outcome, keyHint: store.getState().keyHint } })
      } catch (error) {
        store.setState({ run: { status: 'failed', message: `Failed to run "${example.title}": ${errorDetail(error)}` } })
      }
    },

    setBody: (body) => store.setState({ body }),
    resetBody: () => store.setState({ body: example.body }),
  }
}
