/**
 * This tab's sandbox clock, as its core reads it: real time plus the offset
 * every tab shares (kept in the settings), read on every request, so a jump
 * applies at once. Views read the clock through the control API instead
 * (`connection/sandboxControlsStore.ts`), as they would on any host.
 */
import { settingsStore } from './settingsStore.ts'

/** The sandbox's "now", epoch milliseconds. */
export function sandboxNow(): number {
  return Date.now() + settingsStore.getState().clockOffsetMs
}
