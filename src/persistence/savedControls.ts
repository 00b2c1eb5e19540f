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

/** Faults as this module wrote them; anything else (an older or damaged row) reads as none. */
function savedFaults(text: string | undefined): Faults {
  if (text === undefined) return {}
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Faults) : {}
  } catch {
    return {}
  }
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
}

/** The host's controls, restored from `sql` and written back to it on every change. */
export function savedControls(sql: SqlConnection, options: SavedControlsOptions = {}): SavedControls {
  const controls = createSandboxControls({
    faults: options.faults ?? savedFaults(readMeta(sql, FAULTS)),
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
    const offsetMs = Number(readMeta(sql, CLOCK_OFFSET) ?? 0) || 0
    // An offset saved before the clock had a range could stand outside it; real time is the one safe reading then.
    if (isSavedClockUsable(clock.now() + offsetMs)) clock.advance(offsetMs)
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
