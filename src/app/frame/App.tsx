import { FaultBanner } from '../settings/FaultBanner.tsx'
import { useRuntime } from '../state/runtime/runtimeStore.ts'
import { Header } from './Header.tsx'
import { Navigation } from './Navigation.tsx'
import { RuntimeProblemView } from './RuntimeProblemView.tsx'
import { SectionView } from './SectionView.tsx'
import '../ui/theme.css'
import '../ui/base.css'
import '../ui/controls.css'
import './frame.css'
import '../ui/feedback.css'

/** The playground's frame: header, fault banner, navigation and the current section. */
export function App() {
  const runtime = useRuntime((state) => state)
  return (
    <>
      <a className="skip-link" href="#main">
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
        </main>
      </div>
    </>
  )
}
