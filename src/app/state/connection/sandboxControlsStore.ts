import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import type { FaultsChange, FaultsState } from '../../../client/controlClient.ts'
import type { SandboxConnection } from './sandboxConnection.ts'

const DAY_MS = 86_400_000

/** The switches a view flips; the rest of a fault (operations, count) is kept as the control API reports it. */
export type FaultSwitches = Pick<FaultsState, 'authorizationUnavailable' | 'latencyMs'>

/**
 * The sandbox's clock and fault switches as its control API reports them,
 * and the actions that move them through it. Every host keeps these itself;
 * the page only shows what the host answered.
 */
export interface SandboxControlsState {
  connection: SandboxConnection | undefined
  /** How far the sandbox clock is from real time, as last read. */
  offsetMs: number
  /** Counts the clock's moves since the first read: what views reload on (statuses and the usage window move). */
  clockMoves: number
  faults: FaultsState
  loaded: boolean
  /** The last failure of a control call, ready to show. */
  error: string | undefined
  refresh(): Promise<void>
  moveClock(ms: number): Promise<void>
  jumpDays(days: number): Promise<void>
  jumpTo(instant: number): Promise<void>
  resetClock(): Promise<void>
  setFaults(switches: Partial<FaultSwitches>): Promise<void>
}

export const NO_FAULTS: FaultsState = { authorizationUnavailable: false, latencyMs: 0, operations: null, count: null }

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

export const sandboxControlsStore = createStore<SandboxControlsState>()((set, get) => {
  const clockRead = (offsetMs: number) => {
    const { loaded, offsetMs: before, clockMoves } = get()
    set({ offsetMs, clockMoves: loaded && offsetMs !== before ? clockMoves + 1 : clockMoves })
  }
  async function run(action: (connection: SandboxConnection) => Promise<void>): Promise<void> {
    const { connection } = get()
    if (!connection) return
    try {
      await action(connection)
      set({ error: undefined })
    } catch (error) {
      set({ error: message(error) })
    }
  }
  const moveClock = (ms: number) => run(async ({ control }) => clockRead((await control.advanceClock(Math.round(ms))).offsetMs))
  return {
    connection: undefined,
    offsetMs: 0,
    clockMoves: 0,
    faults: NO_FAULTS,
    loaded: false,
    error: undefined,
    refresh: () =>
      run(async ({ control }) => {
        const [clock, faults] = await Promise.all([control.getClock(), control.getFaults()])
        clockRead(clock.offsetMs)
        set({ faults, loaded: true })
      }),
    moveClock,
    jumpDays: (days) => moveClock(days * DAY_MS),
    jumpTo: (instant) => run(async ({ control }) => clockRead((await control.setClock(new Date(instant))).offsetMs)),
    resetClock: () => run(async ({ control }) => clockRead((await control.resetClock()).offsetMs)),
    setFaults: (switches) => {
      const before = get().faults
      const next = { ...before, ...switches }
      // A switch shows its new position at once, as a control does; the host's answer then confirms it or puts it back.
      set({ faults: next })
      return run(async ({ control }) => {
        const change: FaultsChange = {
          ...(next.authorizationUnavailable ? { authorizationUnavailable: true } : {}),
          ...(next.latencyMs > 0 ? { latencyMs: next.latencyMs } : {}),
          ...(next.operations ? { operations: next.operations } : {}),
          ...(next.count !== null && next.count > 0 ? { count: next.count } : {}),
        }
        try {
          set({ faults: await control.setFaults(change) })
        } catch (error) {
          set({ faults: before })
          throw error
        }
      })
    },
  }
})

/** The sandbox's "now" as its clock shows it, epoch milliseconds. */
export function sandboxTime(): number {
  return Date.now() + sandboxControlsStore.getState().offsetMs
}

/** Binds the store to a connection and keeps it current with what changes under the page. */
export function connectSandboxControls(connection: SandboxConnection): () => void {
  sandboxControlsStore.setState({ connection })
  const refresh = () => void sandboxControlsStore.getState().refresh()
  const unsubscribe = connection.onChange(refresh)
  refresh()
  return unsubscribe
}

export function useSandboxControls<T>(selector: (state: SandboxControlsState) => T): T {
  return useStore(sandboxControlsStore, selector)
}
