import { KeyPicker } from '../keys/KeyPicker.tsx'
import { useRuntime } from '../runtime/runtimeStore.ts'
import { WorkerStatus } from '../runtime/WorkerStatus.tsx'
import { useSettings } from '../settings/settingsStore.ts'
import { ThemeToggle } from '../settings/ThemeToggle.tsx'
import { formatOffset } from './format.ts'
import { hrefFor } from './navigation.ts'

/** Title, worker state, clock shift, theme, and the key every request uses. */
export function Header() {
  const ready = useRuntime((state) => state.phase === 'ready')
  const offset = useSettings((state) => state.clockOffsetMs)
  return (
    <header className="app-header">
      <div className="header-top">
        <h1>
          Developer Sandbox <span className="muted">playground</span>
        </h1>
        <WorkerStatus />
        {offset !== 0 ? (
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
