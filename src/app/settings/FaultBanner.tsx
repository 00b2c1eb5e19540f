import { useSandboxControls } from '../state/connection/sandboxControlsStore.ts'

/** Says loudly, on every screen, that the sandbox is misbehaving on purpose. */
export function FaultBanner() {
  const faults = useSandboxControls((state) => state.faults)
  const setFaults = useSandboxControls((state) => state.setFaults)
  if (!faults.authorizationUnavailable && faults.latencyMs === 0) return null
  return (
    <section className="fault-banner" aria-label="Active fault switches" data-testid="fault-banner">
      {faults.authorizationUnavailable ? (
        <p>
          <strong>Fault on: the authorisation store is failing.</strong> Every API request answers{' '}
          <code>503 authorization_unavailable</code> (the sandbox fails closed), in every tab.{' '}
          <button type="button" onClick={() => void setFaults({ authorizationUnavailable: false })}>
            Switch the fault off
          </button>
        </p>
      ) : null}
      {faults.latencyMs > 0 ? (
        <p>
          <strong>Added latency: {faults.latencyMs} ms</strong> before every response.{' '}
          <button type="button" onClick={() => void setFaults({ latencyMs: 0 })}>
            Remove latency
          </button>
        </p>
      ) : null}
    </section>
  )
}
