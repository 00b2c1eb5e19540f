import type { EmbedExample } from '../examples.ts'
import type { EmbedController } from '../run/embedController.ts'
import { RequestPanel } from './RequestPanel.tsx'
import { ResponsePanel } from './ResponsePanel.tsx'
import { RuntimeMessage } from './RuntimeMessage.tsx'
import { useEmbedState } from './useEmbedState.ts'

/** One runnable example: what it shows, the request, and the answer of this page's own sandbox. */
export function EmbedApp({ example, controller }: { example: EmbedExample; controller: EmbedController }) {
  const { store } = controller
  const runtime = useEmbedState(store, (state) => state.runtime)
  const keyHint = useEmbedState(store, (state) => state.keyHint)
  const body = useEmbedState(store, (state) => state.body)
  const run = useEmbedState(store, (state) => state.run)
  const running = run.status === 'running'
  return (
    <main className="embed" aria-labelledby="embed-title">
      <header className="embed-head">
        <h1 id="embed-title">{example.title}</h1>
        <p className="explanation">{example.explanation}</p>
      </header>
      <RuntimeMessage runtime={runtime} />
      <RequestPanel
        example={example}
        keyHint={keyHint}
        body={body}
        canRun={runtime.phase === 'ready' && !running}
        running={running}
        starting={runtime.phase === 'starting'}
        ran={run.status === 'done' || run.status === 'failed'}
        onBody={controller.setBody}
        onReset={controller.resetBody}
        onRun={() => void controller.run()}
      />
      <ResponsePanel run={run} expectedStatus={example.expectedStatus} />
      <footer className="embed-foot">Developer Sandbox · runs in your browser, against a sandbox of its own</footer>
    </main>
  )
}
