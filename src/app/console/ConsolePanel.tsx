import { type FormEvent, useId } from 'react'
import { useKeyVault } from '../state/keys/keyVault.ts'
import { useReadyRuntime } from '../state/runtime/runtimeStore.ts'
import { BodyEditor } from './BodyEditor.tsx'
import { consoleStore, currentRequest, MAX_REPEAT, useConsole } from './consoleStore.ts'
import { HeaderEditor } from './HeaderEditor.tsx'
import { HistoryList } from './HistoryList.tsx'
import { OperationPicker } from './OperationPicker.tsx'
import { ResponseView } from './ResponseView.tsx'
import { SnippetButtons } from './SnippetButtons.tsx'
import { sendRequest } from './sendRequest.ts'
import './console.css'

/** Any of the nine operations, sent with real fetch through the typed client. */
export function ConsolePanel() {
  const { client } = useReadyRuntime()
  const key = useKeyVault((vault) => vault.selectedKey)
  const sending = useConsole((state) => state.sending)
  const repeat = useConsole((state) => state.repeat)
  const setRepeat = useConsole((state) => state.setRepeat)
  const id = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void sendRequest(client, key)
  }

  return (
    <div className="console-layout">
      <form className="request-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`}>Request</h3>
        <OperationPicker />
        <HeaderEditor />
        <BodyEditor />
        <div className="send-row">
          <label className="field compact">
            <span>Times</span>
            <input type="number" min={1} max={MAX_REPEAT} value={repeat} onChange={(e) => setRepeat(Number(e.target.value))} />
          </label>
          <button type="submit" className="primary" disabled={sending}>
            {sending ? 'Sending…' : repeat > 1 ? `Send ${repeat} times` : 'Send'}
          </button>
        </div>
        <p className="muted small">Sending many times in a row is how you meet the rate limit: 120 requests a minute per key.</p>
        <SnippetButtons request={() => currentRequest(consoleStore.getState())} context="the request" />
        <p className="muted small">
          Snippets read the key from <code>SANDBOX_API_KEY</code> and never contain it. The sandbox itself answers only inside this browser,
          through its service worker.
        </p>
      </form>
      <div className="console-output">
        <ResponseView />
        <HistoryList />
      </div>
    </div>
  )
}
