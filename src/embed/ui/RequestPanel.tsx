import { BASE_PATH } from '../../api/core.ts'
import { type EmbedExample, exampleOperation } from '../examples.ts'
import { BodyEditor } from './BodyEditor.tsx'
import { RequestHeaders } from './RequestHeaders.tsx'
import { SetupNotes } from './SetupNotes.tsx'

interface RequestPanelProps {
  example: EmbedExample
  keyHint: string | null
  body: string | undefined
  /** False until the sandbox is up, and while a run is in flight. */
  canRun: boolean
  running: boolean
  /** True while the sandbox starts: said beside the Run button. */
  starting: boolean
  ran: boolean
  onBody(body: string): void
  onReset(): void
  onRun(): void
}

export function RequestPanel({ example, keyHint, body, canRun, running, starting, ran, onBody, onReset, onRun }: RequestPanelProps) {
  const operation = exampleOperation(example)
  // No accessible name on purpose: named sections become landmarks, and a docs
  // page with several embeds would list as many identical "Request" regions.
  return (
    <section className="panel request">
      <h2>Request</h2>
      <p className="request-line">
        <span className={`method method-${operation.method.toLowerCase()}`}>{operation.method}</span>{' '}
        <code>
          {BASE_PATH}
          {operation.path}
        </code>
      </p>
      <RequestHeaders example={example} keyHint={keyHint} />
      <SetupNotes example={example} />
      {body !== undefined ? (
        <BodyEditor body={body} changed={body !== example.body} onChange={onBody} onReset={onReset} onRun={onRun} />
      ) : null}
      <div className="run-row">
        <button type="button" className="run" onClick={onRun} disabled={!canRun} aria-describedby="expected-status">
          {running ? 'Running…' : ran ? 'Run again' : 'Run'}
        </button>
        <span id="expected-status" className="expected">
          Expected: {example.expectedStatus}
        </span>
        {starting ? (
          <span className="runtime starting" role="status">
            Starting the sandbox…
          </span>
        ) : null}
      </div>
    </section>
  )
}
