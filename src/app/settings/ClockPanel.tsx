import { useEffect, useId, useState } from 'react'
import { sandboxTime, useSandboxControls } from '../state/connection/sandboxControlsStore.ts'
import { formatDateTime, formatOffset, isRealTime } from '../ui/format.ts'

const JUMPS = [1, 30, 181] as const

/** `YYYY-MM-DDTHH:mm` in local time, the value format of a datetime-local input. */
function toLocalInput(instant: number): string {
  const date = new Date(instant - new Date(instant).getTimezoneOffset() * 60_000)
  return date.toISOString().slice(0, 16)
}

function useTicking(): number {
  const [, setTick] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000)
    return () => clearInterval(timer)
  }, [])
  return sandboxTime()
}

/** Moves the sandbox clock, for every tab, so key expiry and the usage window can be watched. */
export function ClockPanel() {
  const offset = useSandboxControls((state) => state.offsetMs)
  const jumpDays = useSandboxControls((state) => state.jumpDays)
  const jumpTo = useSandboxControls((state) => state.jumpTo)
  const resetClock = useSandboxControls((state) => state.resetClock)
  const error = useSandboxControls((state) => state.error)
  const now = useTicking()
  const [target, setTarget] = useState(() => toLocalInput(sandboxTime()))
  // When the clock moves (here or in another tab), the date field follows it rather than keep a date from before the jump.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `offset` is the trigger; the value is read from the clock itself
  useEffect(() => {
    setTarget(toLocalInput(sandboxTime()))
  }, [offset])
  const id = useId()

  const jumpToTarget = () => {
    const instant = new Date(target).getTime()
    if (!Number.isNaN(instant)) void jumpTo(instant)
  }

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Sandbox clock</h3>
      <p>
        <output aria-label="Sandbox time" data-testid="sandbox-time">
          {formatDateTime(now)}
        </output>{' '}
        <span className={isRealTime(offset) ? 'muted' : 'badge badge-shifted'} data-testid="clock-offset">
          {formatOffset(offset)}
        </span>
      </p>
      <p className="muted small">
        Shared by all tabs. Keys expire 180 days after issue; usage covers the 30 days ending on this date (UTC).
      </p>
      <div className="button-row">
        {JUMPS.map((days) => (
          <button key={days} type="button" onClick={() => void jumpDays(days)}>
            +{days} {days === 1 ? 'day' : 'days'}
            <span className="visually-hidden"> ahead on the sandbox clock</span>
          </button>
        ))}
        <button type="button" onClick={() => void resetClock()} disabled={offset === 0}>
          Back to now
        </button>
      </div>
      <div className="field-row">
        <label className="field">
          <span>Jump to a date</span>
          <input type="datetime-local" value={target} onChange={(e) => setTarget(e.target.value)} />
        </label>
        <button type="button" className="align-end" onClick={jumpToTarget}>
          Set clock
        </button>
      </div>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  )
}
