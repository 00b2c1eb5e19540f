/**
 * The clock and fault switches of a durable host, kept beside its records as
 * well as in memory: a test that moved the clock a month ahead or switched a
 * fault on finds them as it left them after a restart (serve) or an eviction
 * (a workspace object). The journal stays in memory only: a bounded record of
 * recent requests, not state a test builds on.
 */
import { createSandboxControls, type Faults, isSavedClockUsable, type SandboxControls } from '../api/core.ts'
import type { SqlConnection } from './sqlConnection.ts'
import { readMeta, writeMeta } from './stateSchema.ts'

const CLOCK_OFFSET = 'clock.offsetMs'
const FAULTS = 'faults'

const FAULT_MEMBERS: Record<string, (value: unknown) => boolean> = {
  authorization: (value) => value === 'ok' || value === 'unavailable',
  latencyMs: (value) => Number.isSafeInteger(value) && (value as number) >= 0,
  operations: (value) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
  count: (value) => Number.isSafeInteger(value) && (value as number) >= 0,
}

/** Whether `value` is faults as this module writes them, member by member. */
function isFaults(value: unknown): value is Faults {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  return Object.entries(value).every(([name, member]) => Object.hasOwn(FAULT_MEMBERS, name) && FAULT_MEMBERS[name]?.(member))
}

/** Faults as this module wrote them; anything else (a row damaged by hand) reads as none, and `warn` says so. */
function savedFaults(text: string | undefined, warn: (message: string) => void): Faults {
  if (text === undefined) return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    value = undefined
  }
  if (isFaults(value)) return value
  warn(`the saved faults (${JSON.stringify(text.slice(0, 120))}) are not faults this sandbox writes: it starts with none switched on.`)
  return {}
}

export interface SavedControls extends SandboxControls {
  /** Writes the faults as they are now: a limited `count` is taken from in memory by each request, and saved with the counts. */
  saveFaults(): void
}

export interface SavedControlsOptions {
  /** How many requests the journal keeps. */
  journalCapacity?: number
  /** Where the clock starts, epoch ms, in place of the saved offset (serve's `--clock`); saved at once. */
  startAt?: number
  /** Faults to start with in place of the saved ones (serve's `--faults`); saved at once. */
  faults?: Faults
  /** The host's admin token, which the journal redacts wherever a request carries it. */
  adminToken?: () => string | undefined
  /** Hears of a saved clock or faults that could not be used as saved (a row edited by hand), and what was used instead. */
  warn?: (message: string) => void
}

/** The host's controls, restored from `sql` and written back to it on every change. */
export function savedControls(sql: SqlConnection, options: SavedControlsOptions = {}): SavedControls {
  const warn = options.warn ?? (() => {})
  const controls = createSandboxControls({
    faults: options.faults ?? savedFaults(readMeta(sql, FAULTS), warn),
    ...(options.journalCapacity === undefined ? {} : { journalCapacity: options.journalCapacity }),
    ...(options.adminToken ? { adminToken: options.adminToken } : {}),
  })
  const { clock, faults } = controls
  const saveClock = () => writeMeta(sql, CLOCK_OFFSET, String(clock.offsetMs))
  const saveFaults = () => writeMeta(sql, FAULTS, JSON.stringify(faults.read()))
  if (options.startAt !== undefined) {
    clock.set(options.startAt)
    saveClock()
  } else {
    const saved = readMeta(sql, CLOCK_OFFSET)
    const offsetMs = Number(saved ?? 0)
    // An offset saved before the clock had a range could stand outside it; real time is the one safe reading then.
    if (Number.isFinite(offsetMs) && isSavedClockUsable(clock.now() + offsetMs)) clock.advance(offsetMs)
    else warn(`the saved clock offset (${JSON.stringify(String(saved).slice(0, 60))}) cannot be used: the clock starts at real time.`)
  }
  if (options.faults) saveFaults()
  return {
    journal: controls.journal,
    clock: {
      now: clock.now,
      get offsetMs() {
        return clock.offsetMs
      },
      set(instant) {
        clock.set(instant)
        saveClock()
      },
      advance(ms) {
        clock.advance(ms)
        saveClock()
      },
      reset() {
        clock.reset()
        saveClock()
      },
    },
    faults: {
      read: faults.read,
      set(next) {
        faults.set(next)
        saveFaults()
      },
      clear() {
        faults.clear()
        saveFaults()
      },
    },
    saveFaults,
  }
}
