import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import {
  DEFAULT_SETTINGS,
  type FaultSettings,
  type PlaygroundSettings,
  parseFaults,
  parseSettings,
  SETTINGS_STORAGE_KEY,
  type ThemeChoice,
} from './playgroundSettings.ts'

const DAY_MS = 86_400_000

export interface SettingsState extends PlaygroundSettings {
  /** Moves the sandbox clock by whole days (negative moves back). */
  jumpDays(days: number): void
  /** Moves the sandbox clock by milliseconds (negative moves back). */
  moveClock(ms: number): void
  /** Sets the sandbox clock to an instant, epoch milliseconds. */
  jumpTo(instant: number): void
  /** Puts the sandbox clock back on real time. */
  resetClock(): void
  /** Changes some fault switches, keeping the others. */
  setFaults(faults: Partial<FaultSettings>): void
  /** Replaces every fault switch (what the control API's `PUT /faults` means); absent ones are off. */
  replaceFaults(faults: Partial<FaultSettings>): void
  setTheme(theme: ThemeChoice): void
}

function readStored(): PlaygroundSettings {
  try {
    return parseSettings(globalThis.localStorage?.getItem(SETTINGS_STORAGE_KEY) ?? null)
  } catch {
    // Storage can be blocked (privacy settings); the playground still runs with defaults.
    return DEFAULT_SETTINGS
  }
}

function persist(settings: PlaygroundSettings): void {
  try {
    globalThis.localStorage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings))
  } catch {
    // Not persisting only costs sharing with other tabs; this tab keeps working.
  }
}

/** The settings of this tab, kept equal to every other tab's through localStorage. */
export const settingsStore = createStore<SettingsState>()((set, get) => {
  const update = (patch: Partial<PlaygroundSettings>) => {
    set(patch)
    const { clockOffsetMs, faults, theme } = get()
    persist({ clockOffsetMs, faults, theme })
  }
  return {
    ...readStored(),
    jumpDays: (days) => get().moveClock(days * DAY_MS),
    moveClock: (ms) => update({ clockOffsetMs: Math.round(get().clockOffsetMs + ms) }),
    jumpTo: (instant) => update({ clockOffsetMs: Math.round(instant - Date.now()) }),
    resetClock: () => update({ clockOffsetMs: 0 }),
    setFaults: (faults) => update({ faults: { ...get().faults, ...faults } }),
    replaceFaults: (faults) => update({ faults: parseFaults(faults) }),
    setTheme: (theme) => update({ theme }),
  }
})

/**
 * Follows changes other tabs make. The `storage` event fires only in the
 * tabs that did not write, so this never echoes.
 */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SETTINGS_STORAGE_KEY && event.key !== null) return
    settingsStore.setState(parseSettings(event.newValue))
  }
  window.addEventListener('storage', onStorage)
  return () => window.removeEventListener('storage', onStorage)
}

export function useSettings<T>(selector: (state: SettingsState) => T): T {
  return useStore(settingsStore, selector)
}
