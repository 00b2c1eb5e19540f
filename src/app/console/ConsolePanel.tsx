import { type FormEvent, type KeyboardEvent, useId } from 'react'
import { useKeyVault } from '../state/keys/keyVault.ts'
import { useConnection } from '../state/runtime/runtimeStore.ts'
import { BodyEditor } from './BodyEditor.tsx'
import { BridgeIndicator } from './BridgeIndicator.tsx'
import { checkedTarget, consoleStore, currentRequest, MAX_REPEAT, useConsole } from './consoleStore.ts'
import { HeaderEditor } from './HeaderEditor.tsx'
import { HistoryList } from './HistoryList.tsx'
import { OperationPicker } from './OperationPicker.tsx'
import { ResponseView } from './ResponseView.tsx'
import { SnippetButtons } from './SnippetButtons.tsx'
import { cancelSending, sendRequest } from './sendRequest.ts'
import './console.css'

/** Any method and path under the API base, the nine operations one pick away, sent with real fetch through the typed client. */
export function ConsolePanel() {
  const client = useConnection().api
  const key = useKeyVault((vault) => vault.selectedKey)
  const sending = useConsole((state) => state.sending)
  const repeat = useConsole((state) => state.repeat)
  const setRepeat = useConsole((state) => state.setRepeat)
  const targetOk = useConsole((state) => checkedTarget(state).ok)
  const id = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void sendRequest(client, key)
  }
  // Ctrl+Enter (Cmd+Enter on a Mac) sends from any field, the body included, as the docs embeds teach.
  const sendOnShortcut = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return
    event.preventDefault()
    void sendRequest(client, key)
  }

  return (
    <div className="console-layout">
      <form className="request-form" onSubmit={submit} onKeyDown={sendOnShortcut} aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`}>Request</h3>
        <OperationPicker />
        <HeaderEditor />
        <BodyEditor />
        <div className="send-row">
          <label className="field compact">
            <span>Times</span>
            <input type="number" min={1} max={MAX_REPEAT} value={repeat} onChange={(e) => setRepeat(Number(e.target.value))} />
          </label>
          <button type="submit" className="primary" disabled={sending || !targetOk}>
            {sending ? 'Sending…' : repeat > 1 ? `Send ${repeat} times` : 'Send'}
          </button>
          {sending ? (
            <button type="button" onClick={cancelSending}>
              Cancel
            </button>
          ) : null}
        </div>
        <p className="muted small">
          <kbd>Ctrl</kbd>+<kbd>Enter</kbd> (<kbd>⌘</kbd>+<kbd>Enter</kbd> on a Mac) sends from any field. Sending many times in a row is how
          you meet the rate limit: 120 requests a minute per key.
        </p>
        <BridgeIndicator />
        <SnippetButtons request={() => currentRequest(consoleStore.getState())} context="the request" disabled={!targetOk} />
        <p className="muted small">
          Snippets read the key from <code>SANDBOX_API_KEY</code> (<code>export SANDBOX_API_KEY=svc_test_…</code>) and never contain it.
        </p>
      </form>
      <div className="console-output">
        <ResponseView />
        <HistoryList />
      </div>
    </div>
  )
}
