/**
 * The state of one embed page and the few things a reader can do to it,
 * in a vanilla store with no React, so the page's behaviour is testable on
 * its own and the view only renders it.
 */
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { EmbedExample } from '../examples.ts'
import { EMBED_READY_MARK } from '../frame/readyMark.ts'
import { createEmbedClock, type EmbedClock } from '../runtime/embedClock.ts'
import { type EmbedProblem, errorDetail } from '../runtime/embedProblem.ts'
import type { HeldKey, KeyLease } from '../runtime/keyLease.ts'
import type { SessionLink } from '../runtime/sessionLink.ts'
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

/** The example's key, held by its session; the hint the reader sees follows every change. */
function leaseOver(link: SessionLink, example: EmbedExample, onChange: (hint: string | null) => void): KeyLease {
  const told = (key: HeldKey | undefined) => {
    onChange(key?.hint ?? null)
    return key
  }
  return {
    acquire: async () => told(await link.acquire(example.scopes)),
    renew: async () => told(await link.acquire(example.scopes, true)),
    release: async () => {
      onChange(null)
      await link.release()
    },
  }
}

export function createEmbedController(example: EmbedExample, start: () => Promise<EmbedRuntime> = startEmbedRuntime): EmbedController {
  const store = createStore<EmbedState>()(() => ({
    runtime: { phase: 'starting' },
    keyHint: null,
    body: example.body,
    run: { status: 'idle' },
  }))
  let ready: { runtime: EmbedRuntime; lease: KeyLease; clock: EmbedClock } | undefined

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
        const runtime = await start()
        const lease = leaseOver(runtime.link, example, (keyHint) => store.setState({ keyHint }))
        await lease.acquire()
        const clock = createEmbedClock(Date.now, (offsetMs) => runtime.link.setClockOffset(offsetMs))
        ready = { runtime, lease, clock }
        revokeWhenHidden(lease)
        window.addEventListener('pagehide', () => runtime.link.close())
        store.setState({ runtime: { phase: 'ready', transport: runtime.transport } })
        performance.mark(EMBED_READY_MARK)
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
          clock: ready.clock,
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
