import { useId } from 'react'
import { useSandboxControls } from '../state/connection/sandboxControlsStore.ts'
import { MAX_LATENCY_MS } from '../state/playgroundSettings.ts'

const LATENCY_PRESETS = [0, 250, 1000, 3000] as const

/** Switches that make the sandbox misbehave on purpose; shared by every tab. */
export function FaultsPanel() {
  const faults = useSandboxControls((state) => state.pendingFaults ?? state.faults)
  const setFaults = useSandboxControls((state) => state.setFaults)
  const id = useId()
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Fault switches</h3>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          aria-checked={faults.authorizationUnavailable}
          checked={faults.authorizationUnavailable}
          onChange={(e) => void setFaults({ authorizationUnavailable: e.target.checked })}
        />
        <span>Authorisation store failing: every request answers 503</span>
      </label>
      <div className="field-row">
        <label className="field">
          <span>Added latency (ms)</span>
          <input
            type="number"
            min={0}
            max={MAX_LATENCY_MS}
            step={50}
            value={faults.latencyMs}
            onChange={(e) => void setFaults({ latencyMs: Math.min(MAX_LATENCY_MS, Math.max(0, Math.round(Number(e.target.value) || 0))) })}
          />
        </label>
        <fieldset className="button-row align-end bare">
          <legend className="visually-hidden">Latency presets</legend>
          {LATENCY_PRESETS.map((ms) => (
            <button key={ms} type="button" aria-pressed={faults.latencyMs === ms} onClick={() => void setFaults({ latencyMs: ms })}>
              {ms === 0 ? 'No latency' : `${ms} ms`}
            </button>
          ))}
        </fieldset>
      </div>
    </section>
  )
}
