import { RuntimeProblemView } from '../runtime/RuntimeProblemView.tsx'
import { useRuntime } from '../runtime/runtimeStore.ts'
import { FaultBanner } from '../settings/FaultBanner.tsx'
import { Header } from './Header.tsx'
import { Navigation } from './Navigation.tsx'
import { SectionView } from './SectionView.tsx'
import './theme.css'
import './base.css'
import './controls.css'
import './frame.css'
import './feedback.css'

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
