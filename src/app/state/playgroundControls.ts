/**
 * The playground's clock, faults and journal in the shape the control API
 * moves (`SandboxControls`). The clock and faults ARE the settings the
 * Settings panel shows and every tab shares: a control call and a click call
 * the same store actions, so neither keeps a copy of its own.
 */
import { DEFAULT_JOURNAL_CAPACITY, RequestJournal, type SandboxControls } from '../../api/core.ts'
import { sandboxNow } from './clock.ts'
import { currentFaults } from './faults.ts'
import { settingsStore } from './settingsStore.ts'

const settings = () => settingsStore.getState()

export const playgroundControls: SandboxControls = {
  clock: {
    now: sandboxNow,
    get offsetMs() {
      return settings().clockOffsetMs
    },
    set: (instant) => settings().jumpTo(instant),
    advance: (ms) => settings().moveClock(ms),
    reset: () => settings().resetClock(),
  },
  faults: {
    read: currentFaults,
    set: (faults) => settings().replaceFaults({ ...faults, operations: faults.operations ? [...faults.operations] : undefined }),
    clear: () => settings().replaceFaults({}),
  },
  // The requests that reached this tab's sandbox (its own page's and the bridge's), this tab only: the journal is memory.
  journal: new RequestJournal(DEFAULT_JOURNAL_CAPACITY),
}
