import type { Faults } from '../pipeline/faults.ts'
import { DEFAULT_JOURNAL_CAPACITY, RequestJournal } from '../pipeline/requestJournal.ts'
import { FaultSwitch } from './faultSwitch.ts'
import { SandboxClock } from './sandboxClock.ts'

/** The mutable parts a control handler moves and a core reads per request. */
export interface SandboxControls {
  clock: SandboxClock
  faults: FaultSwitch
  journal: RequestJournal
}

export interface SandboxControlsOptions {
  /** Where the clock starts, epoch milliseconds; real time when absent. */
  startAt?: number
  faults?: Faults
  /** How many requests the journal keeps (default 1,000). */
  journalCapacity?: number
}

/**
 * A clock, a fault switch and a journal, ready to hand to both sides:
 * @example
 * const controls = createSandboxControls()
 * const sandbox = createSandboxCore({ now: controls.clock.now, faults: controls.faults.read, journal: controls.journal })
 * const control = createControlHandler({ workspace: sandbox.workspace, controls, adminToken: 'secret' })
 */
export function createSandboxControls(options: SandboxControlsOptions = {}): SandboxControls {
  const clock = new SandboxClock()
  if (options.startAt !== undefined) clock.set(options.startAt)
  return {
    clock,
    faults: new FaultSwitch(options.faults),
    journal: new RequestJournal(options.journalCapacity ?? DEFAULT_JOURNAL_CAPACITY),
  }
}
