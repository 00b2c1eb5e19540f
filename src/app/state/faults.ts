/** The fault switches as the core reads them: on every request, so a switch flipped in any tab applies at once. */
import type { FaultSettings } from './playgroundSettings.ts'
import { settingsStore } from './settingsStore.ts'

export function currentFaults(): FaultSettings {
  return settingsStore.getState().faults
}
