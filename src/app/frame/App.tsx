import type { MouseEvent } from 'react'
import { FaultBanner } from '../settings/FaultBanner.tsx'
import { useRuntime } from '../state/runtime/runtimeStore.ts'
import { AdminTokenView } from './AdminTokenView.tsx'
import { Header } from './Header.tsx'
import { Navigation } from './Navigation.tsx'
import { RuntimeProblemView } from './RuntimeProblemView.tsx'
import { SandboxGoneView } from './SandboxGoneView.tsx'
import { SectionView } from './SectionView.tsx'
import '../ui/theme.css'
import '../ui/base.css'
import '../ui/controls.css'
import './frame.css'
import '../ui/feedback.css'

/**
 * The skip link moves focus to the section's heading itself: following its
 * `#main` would change the hash, which names the section, and open Workspace.
 */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault()
  const main = document.getElementById('main')
  const target = main?.querySelector<HTMLElement>('h2[tabindex="-1"]') ?? main
  target?.focus()
  target?.scrollIntoView({ block: 'start' })
}

/** The playground's frame: header, fault banner, navigation and the current section. */
export function App() {
  const runtime = useRuntime((state) => state)
  return (
    <>
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link by convention (announced and found as one); the handler keeps the hash, which names the section */}
      <a className="skip-link" href="#main" onClick={skipToContent}>
        Skip to content
      </a>
      <Header />
      <FaultBanner />
      <div className="app-body">
        <Navigation />
        <main id="main" tabIndex={-1}>
          {runtime.phase === 'ready' ? <SectionView /> : null}
          {runtime.phase === 'starting' ? (
            <p className="empty" role="status">
              Starting the sandbox: opening IndexedDB and registering the worker…
            </p>
          ) : null}
          {runtime.phase === 'failed' ? <RuntimeProblemView problem={runtime.problem} /> : null}
          {runtime.phase === 'locked' ? <AdminTokenView host={runtime.host} refused={runtime.refused} /> : null}
          {runtime.phase === 'gone' ? <SandboxGoneView host={runtime.host} reason={runtime.reason} /> : null}
        </main>
      </div>
    </>
  )
}
