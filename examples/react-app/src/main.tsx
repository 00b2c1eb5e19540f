import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'

/**
 * Starts the sandbox behind the page's fetch before the app renders. This
 * example has no real backend, so it mocks in every build but one: the build
 * for the Playwright network fixture (`.env.network`), where the tests answer
 * the API from outside the page, as they would in front of a real backend.
 */
async function enableMocking(): Promise<void> {
  if (import.meta.env.VITE_API_MOCKING === 'off') return
  const [{ worker }, { sandbox }, { seedSandbox }] = await Promise.all([
    import('./mocks/browser'),
    import('./mocks/handlers'),
    import('./mocks/seed'),
  ])
  await worker.start({ onUnhandledFrame: 'bypass', quiet: true })
  // State lives in the page's IndexedDB and survives reloads; seed it once.
  if ((await sandbox.workspace.listKeys()).length === 0) await seedSandbox()
}

const root = createRoot(document.getElementById('root') as HTMLElement)
enableMocking().then(
  () =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  (error: unknown) => root.render(<p role="alert">Failed to start the API sandbox: {String(error)}</p>),
)
