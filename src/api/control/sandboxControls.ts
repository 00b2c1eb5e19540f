import type { Faults } from '../pipeline/faults.ts'
import { DEFAULT_JOURNAL_CAPACITY, RequestJournal } from '../pipeline/requestJournal.ts'
import { FaultSwitch } from './faultSwitch.ts'
import { SandboxClock } from './sandboxClock.ts'

/** The clock as the control routes move it; a host may keep the offset elsewhere (the playground keeps it in its settings). */
export type ClockControl = Pick<SandboxClock, 'now' | 'offsetMs' | 'set' | 'advance' | 'reset'>

/** The fault switch as the control routes flip it; `read` is what the core reads per request. */
export type FaultControl = Pick<FaultSwitch, 'read' | 'set' | 'clear'>

/**
 * The mutable parts a control handler moves and a core reads per request.
 * Structural, so a host whose clock and faults already live somewhere (the
 * playground's shared settings) hands those instead of a second copy.
 */
export interface SandboxControls {
  clock: ClockControl
  faults: FaultControl
  journal: RequestJournal
}

export interface SandboxControlsOptions {
  /** Where the clock starts, epoch milliseconds; real time when absent. */
  startAt?: number
  faults?: Faults
  /** How many requests the journal keeps (default 1,000). */
  journalCapacity?: number
  /** The host's admin token, which the journal redacts wherever a request carries it. */
  adminToken?: () => string | undefined
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
    journal: new RequestJournal(options.journalCapacity ?? DEFAULT_JOURNAL_CAPACITY, options.adminToken),
  }
}
