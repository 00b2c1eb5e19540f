import { KeyPicker } from '../keyPicker/KeyPicker.tsx'
import { ThemeToggle } from '../settings/ThemeToggle.tsx'
import { useSandboxControls } from '../state/connection/sandboxControlsStore.ts'
import { hrefFor } from '../state/navigation.ts'
import { servesTabPages, useRuntime } from '../state/runtime/runtimeStore.ts'
import { formatOffset, isRealTime } from '../ui/format.ts'
import { WorkerStatus } from './WorkerStatus.tsx'

/** Title, worker state, clock shift, theme, and the key every request uses. */
export function Header() {
  const ready = useRuntime((state) => state.phase === 'ready')
  const offset = useSandboxControls((state) => state.offsetMs)
  return (
    <header className="app-header">
      <div className="header-top">
        <h1>
          Developer Sandbox <span className="muted">playground</span>
        </h1>
        <WorkerStatus />
        {/* A page of the same site: every operation, with "Try it" answered by a sandbox in that tab. */}
        {servesTabPages() ? (
          // data-tab-only: public/prepaint.js removes it from the prerendered frame of a page another host served.
          <a href="reference.html" className="header-reference" data-tab-only="">
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
