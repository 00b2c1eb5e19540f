import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import type { FaultsState } from '../../../client/controlClient.ts'
import { isRealTime } from '../../ui/format.ts'
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
  /** The fault switches as the host last confirmed them: what the banner and the advice say is in force. */
  faults: FaultsState
  /** Where the switches were last put while the host has not yet answered; the controls show it, nothing else believes it. */
  pendingFaults: FaultsState | undefined
  loaded: boolean
  /** The last failure of a control call, ready to show. */
  error: string | undefined
  refresh(): Promise<void>
  moveClock(ms: number): Promise<void>
  jumpDays(days: number): Promise<void>
  jumpTo(instant: number): Promise<void>
  /** Puts the clock this far from real time; an offset under a second is real time. */
  setOffset(offsetMs: number): Promise<void>
  resetClock(): Promise<void>
  setFaults(switches: Partial<FaultSwitches>): Promise<void>
}

export const NO_FAULTS: FaultsState = { authorizationUnavailable: false, latencyMs: 0, operations: null, count: null }

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

export const sandboxControlsStore = createStore<SandboxControlsState>()((set, get) => {
  // Counts the fault changes sent, so an answer to an older call never undoes a newer switch.
  let faultChanges = 0
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
    pendingFaults: undefined,
    loaded: false,
    error: undefined,
    refresh: () =>
      run(async ({ control }) => {
        const changesBefore = faultChanges
        const quietBefore = get().pendingFaults === undefined
        const [clock, faults] = await Promise.all([control.getClock(), control.getFaults()])
        clockRead(clock.offsetMs)
        // Only a read that no fault change overlapped shows the host's switches: one that crossed a change may have read either side of it.
        const overlapped = !quietBefore || changesBefore !== faultChanges
        set(overlapped ? { loaded: true } : { faults, loaded: true })
      }),
    moveClock,
    jumpDays: (days) => moveClock(days * DAY_MS),
    jumpTo: (instant) => run(async ({ control }) => clockRead((await control.setClock(new Date(instant))).offsetMs)),
    // By the offset, not by an instant: an instant is a little late by the time the host reads it, and real time would come back a few milliseconds off.
    setOffset: (offsetMs) =>
      run(async ({ control }) => {
        if (isRealTime(offsetMs)) {
          clockRead((await control.resetClock()).offsetMs)
          return
        }
        const { offsetMs: current } = await control.getClock()
        clockRead((await control.advanceClock(Math.round(offsetMs - current))).offsetMs)
      }),
    resetClock: () => run(async ({ control }) => clockRead((await control.resetClock()).offsetMs)),
    setFaults: (switches) => {
      const { faults, pendingFaults } = get()
      const next = { ...(pendingFaults ?? faults), ...switches }
      const change = ++faultChanges
      // The switch moves at once, as a control does; the banner waits for the host, so it never claims a fault the host has not taken.
      set({ pendingFaults: next })
      return run(async ({ control }) => {
        const confirmed = await control.setFaults({
          ...(next.authorizationUnavailable ? { authorizationUnavailable: true } : {}),
          ...(next.latencyMs > 0 ? { latencyMs: next.latencyMs } : {}),
          ...(next.operations ? { operations: next.operations } : {}),
          ...(next.count !== null && next.count > 0 ? { count: next.count } : {}),
        })
        if (change === faultChanges) set({ faults: confirmed })
      }).finally(() => {
        if (change === faultChanges) set({ pendingFaults: undefined })
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
