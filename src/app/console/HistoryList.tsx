import { useCallback, useDeferredValue, useId } from 'react'
import type { HistoryEntry } from '../state/history/historyEntry.ts'
import { filterHistory } from '../state/history/historySearch.ts'
import { useHistory } from '../state/history/historyStore.ts'
import { useKeyVault } from '../state/keys/keyVault.ts'
import { useReadyRuntime } from '../state/runtime/runtimeStore.ts'
import { useConsole } from './consoleStore.ts'
import { HistoryItem } from './HistoryItem.tsx'
import { sendRequest } from './sendRequest.ts'

const SHOWN = 60

/** The persisted, searchable history. Entries hold no key; a replay uses the key chosen now. */
export function HistoryList() {
  const { client } = useReadyRuntime()
  const entries = useHistory((state) => state.entries)
  const query = useHistory((state) => state.query)
  const setQuery = useHistory((state) => state.setQuery)
  const clear = useHistory((state) => state.clear)
  const load = useConsole((state) => state.load)
  const sending = useConsole((state) => state.sending)
  const key = useKeyVault((vault) => vault.selectedKey)
  const deferred = useDeferredValue(query)
  const matches = filterHistory(entries, deferred)
  const id = useId()

  const replay = useCallback(
    (entry: HistoryEntry) => {
      load(entry)
      void sendRequest(client, key)
    },
    [load, client, key],
  )

  return (
    <section className="history" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>History</h3>
      <div className="field-row">
        <label className="field grow">
          <span>Search history</span>
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="status, path, request id, body text…"
          />
        </label>
        <button type="button" className="align-end" onClick={clear} disabled={entries.length === 0}>
          Clear history
        </button>
      </div>
      <p className="muted small" role="status">
        {entries.length === 0
          ? 'Nothing sent yet.'
          : `${matches.length} of ${entries.length} requests${matches.length > SHOWN ? `, newest ${SHOWN} shown` : ''}.`}{' '}
        Kept in this browser with Authorization redacted; no key is ever stored.
      </p>
      <ol className="history-list" data-testid="history-list">
        {matches.slice(0, SHOWN).map((entry) => (
          <HistoryItem key={entry.id} entry={entry} onLoad={load} onReplay={replay} replayDisabled={sending} />
        ))}
      </ol>
    </section>
  )
}
