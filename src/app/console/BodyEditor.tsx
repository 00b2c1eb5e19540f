import { useId } from 'react'
import { operationById } from '../ui/operations.ts'
import { checkBody } from './bodyCheck.ts'
import { defaultBody } from './consoleRequest.ts'
import { formBody, formOperation, useConsole } from './consoleStore.ts'

/** The JSON body of a request whose method carries one; broken JSON is allowed (it is how you see a 400). */
export function BodyEditor() {
  const method = useConsole((state) => state.method)
  const body = useConsole(formBody)
  const operationId = useConsole(formOperation)
  const setBody = useConsole((state) => state.setBody)
  const id = useId()
  if (body === undefined) return <p className="muted small">A {method} request carries no body.</p>
  const example = operationId ? (defaultBody(operationById(operationId)) ?? '') : ''
  const check = checkBody(body)
  const problem = check.tone !== 'fine'
  const format = () => {
    try {
      setBody(JSON.stringify(JSON.parse(body), null, 2))
    } catch {
      // Nothing to format in broken JSON; the message below already says why.
    }
  }
  return (
    <div className="body-editor">
      <label htmlFor={`${id}-body`}>JSON body</label>
      <textarea
        id={`${id}-body`}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        spellCheck={false}
        rows={Math.min(18, Math.max(6, body.split('\n').length + 1))}
        aria-describedby={`${id}-status`}
        aria-invalid={problem ? true : undefined}
      />
      <p
        id={`${id}-status`}
        className={`${check.tone === 'fine' ? 'muted' : `${check.tone}-text`} small`}
        data-testid="body-check"
        role={check.tone === 'warning' ? 'alert' : undefined}
      >
        {check.text}
      </p>
      <div className="button-row">
        <button type="button" onClick={format} disabled={check.tone === 'error'}>
          Format JSON
        </button>
        {example ? (
          <button type="button" onClick={() => setBody(example)}>
            Restore example
          </button>
        ) : null}
      </div>
    </div>
  )
}
