/**
 * The sandbox clock: real time plus the offset every tab shares (kept in the
 * settings). The core reads it on every request, so a jump applies at once.
 */
import { settingsStore, useSettings } from './settingsStore.ts'

/** The sandbox's "now", epoch milliseconds. */
export function sandboxNow(): number {
  return Date.now() + settingsStore.getState().clockOffsetMs
}

/** Calls `listener` whenever the clock jumps, in this tab or another; returns the unsubscribe function. */
export function onClockMoved(listener: (offsetMs: number) => void): () => void {
  return settingsStore.subscribe((state, previous) => {
    if (state.clockOffsetMs !== previous.clockOffsetMs) listener(state.clockOffsetMs)
  })
}

/** The clock offset in a component; re-renders when the clock jumps. */
export function useClockOffset(): number {
  return useSettings((state) => state.clockOffsetMs)
}
