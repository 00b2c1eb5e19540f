/**
 * The floor under `browser.coldApiReadyMs`: what any React app that answers
 * through the sandbox must carry. React 19 renders one component with
 * `createRoot`; the component starts the sandbox and its worker exactly as
 * the playground does and asks `GET /status` once through the page's client,
 * which sets the same mark the playground's first answer sets. No router,
 * no shell, no views.
 */
import { useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { runtimeStore, startSandboxOnce } from '../../../src/app/state/runtime/runtimeStore.ts'

function Status() {
  const [answer, setAnswer] = useState('starting')
  useEffect(() => {
    void startSandboxOnce().then(async () => {
      const state = runtimeStore.getState()
      if (state.phase !== 'ready') return setAnswer(state.phase)
      await state.connection.api.call('getProjectStatus', {})
      setAnswer('answered')
    })
  }, [])
  return <p>{answer}</p>
}

createRoot(document.getElementById('root') as HTMLElement).render(<Status />)
