import { KeyPicker } from '../keyPicker/KeyPicker.tsx'
import { ThemeToggle } from '../settings/ThemeToggle.tsx'
import { useSandboxControls } from '../state/connection/sandboxControlsStore.ts'
import { hrefFor } from '../state/navigation.ts'
import { useRuntime } from '../state/runtime/runtimeStore.ts'
import { formatOffset, isRealTime } from '../ui/format.ts'
import { WorkerStatus } from './WorkerStatus.tsx'

/** Title, worker state, clock shift, theme, and the key every request uses. */
export function Header() {
  const ready = useRuntime((state) => state.phase === 'ready')
  // The reference page runs a sandbox of its own in the tab: a host that serves this page does not serve it.
  const onTab = useRuntime((state) => state.phase !== 'locked' && !(state.phase === 'ready' && state.connection.host.kind !== 'tab'))
  const offset = useSandboxControls((state) => state.offsetMs)
  return (
    <header className="app-header">
      <div className="header-top">
        <h1>
          Developer Sandbox <span className="muted">playground</span>
        </h1>
        <WorkerStatus />
        {/* A page of the same site: every operation, with "Try it" answered by a sandbox in that tab. */}
        {onTab ? (
          <a href="reference.html" className="header-reference">
            API reference
          </a>
        ) : null}
        {!isRealTime(offset) ? (
          <a className="badge badge-shifted" href={hrefFor('workspace')} data-testid="clock-shift">
            Clock {formatOffset(offset)}
          </a>
        ) : null}
        <ThemeToggle />
      </div>
      {ready ? <KeyPicker /> : null}
    </header>
  )
}
