/**
 * The playground's own settings: the sandbox clock offset, the fault switches
 * and the theme. They are shared by every tab (localStorage) because the
 * sandbox state they act on is shared too. They never hold a key.
 */

export type ThemeChoice = 'system' | 'light' | 'dark'

export interface FaultSettings {
  /** `'unavailable'`: every request fails closed with 503, as if the key store were down. */
  authorization: 'ok' | 'unavailable'
  /** Delay added before every response, in milliseconds. */
  latencyMs: number
  /** Only requests of these operations misbehave (set through the control API); every operation when absent. */
  operations?: string[]
  /** How many more matching requests misbehave (set through the control API; the core takes one per request); no limit when absent. */
  count?: number
}

export interface PlaygroundSettings {
  /** Added to the real clock to give the sandbox clock, in milliseconds. */
  clockOffsetMs: number
  faults: FaultSettings
  theme: ThemeChoice
}

export const SETTINGS_STORAGE_KEY = 'developer-sandbox-playground:settings'

/** The latency switch goes up to ten seconds: enough to see spinners, not enough to look broken. */
export const MAX_LATENCY_MS = 10_000

export const DEFAULT_SETTINGS: PlaygroundSettings = {
  clockOffsetMs: 0,
  faults: { authorization: 'ok', latencyMs: 0 },
  theme: 'system',
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** A latency setting as a whole number of milliseconds within 0…MAX_LATENCY_MS. */
export function clampLatency(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0
  return Math.min(MAX_LATENCY_MS, Math.max(0, Math.round(value)))
}

/** The fault switches from stored settings or a control call; anything unknown is dropped. */
export function parseFaults(faults: Record<string, unknown>): FaultSettings {
  const parsed: FaultSettings = {
    authorization: faults.authorization === 'unavailable' ? 'unavailable' : 'ok',
    latencyMs: clampLatency(faults.latencyMs),
  }
  const { operations, count } = faults
  if (Array.isArray(operations) && operations.length > 0 && operations.every((name) => typeof name === 'string')) {
    parsed.operations = [...operations]
  }
  if (typeof count === 'number' && Number.isInteger(count) && count >= 0) parsed.count = count
  return parsed
}

/** Reads settings written by any version of the playground; anything unknown falls back to the default. */
export function parseSettings(text: string | null): PlaygroundSettings {
  if (!text) return DEFAULT_SETTINGS
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return DEFAULT_SETTINGS
  }
  if (!isRecord(value)) return DEFAULT_SETTINGS
  const faults = isRecord(value.faults) ? value.faults : {}
  const offset = value.clockOffsetMs
  return {
    clockOffsetMs: typeof offset === 'number' && Number.isFinite(offset) ? Math.round(offset) : 0,
    faults: parseFaults(faults),
    theme: value.theme === 'light' || value.theme === 'dark' ? value.theme : 'system',
  }
}
