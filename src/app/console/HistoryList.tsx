import { useCallback, useDeferredValue, useId, useLayoutEffect, useRef, useState } from 'react'
import { OPERATIONS } from '../../api/core.ts'
import { groupBursts } from '../state/history/historyBursts.ts'
import type { HistoryEntry } from '../state/history/historyEntry.ts'
import { MAX_HISTORY } from '../state/history/historyMerge.ts'
import { filterHistory, type HistoryFilter, NO_FILTER, STATUS_CLASSES, type StatusClass } from '../state/history/historySearch.ts'
import { useHistory } from '../state/history/historyStore.ts'
import { useKeyVault } from '../state/keys/keyVault.ts'
import { useConnection } from '../state/runtime/runtimeStore.ts'
import { BurstRow } from './BurstRow.tsx'
import { requestOfEntry, useConsole } from './consoleStore.ts'
import { HistoryItem } from './HistoryItem.tsx'
import { sendRequest } from './sendRequest.ts'

/** Rows drawn at once; a burst is one row. */
const SHOWN = 60

const STATUS_LABELS: Record<StatusClass, string> = {
  all: 'Any status',
  '2xx': '2xx success',
  '4xx': '4xx refused',
  '5xx': '5xx failed',
  none: 'No answer',
}

function countLine(total: number, matching: number, filtered: boolean, rows: number, dropped: number): string {
  if (total === 0) return dropped > 0 ? `Nothing kept; ${dropped} older requests were dropped.` : 'Nothing sent yet.'
  const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`
  const what = filtered
    ? `${plural(matching, 'request matches', 'requests match')} of ${total.toLocaleString()}`
    : plural(total, 'request', 'requests')
  const shown = rows > SHOWN ? `, newest ${SHOWN} rows shown` : ''
  const lost =
    dropped > 0
      ? ` Older requests were dropped to keep the newest ${MAX_HISTORY}: ${plural(dropped, 'request', 'requests')} no longer listed.`
      : ''
  return `${what}${shown}.${lost}`
}

/** The persisted, searchable history. Entries hold no key; a replay sends the entry once, with the key chosen now. */
export function HistoryList() {
  const client = useConnection().api
  const entries = useHistory((state) => state.entries)
  const dropped = useHistory((state) => state.dropped)
  const filter = useHistory((state) => state.filter)
  const setFilter = useHistory((state) => state.setFilter)
  const clear = useHistory((state) => state.clear)
  const replace = useHistory((state) => state.replace)
  const load = useConsole((state) => state.load)
  const sending = useConsole((state) => state.sending)
  const key = useKeyVault((vault) => vault.selectedKey)
  const deferred = useDeferredValue(filter)
  const matches = filterHistory(entries, deferred)
  const rows = groupBursts(matches)
  const filtered = (Object.keys(NO_FILTER) as (keyof HistoryFilter)[]).some((name) => deferred[name] !== NO_FILTER[name])
  const id = useId()
  // What Clear took away, until undone: one click too many must not cost the whole history.
  const [cleared, setCleared] = useState<{ entries: HistoryEntry[]; dropped: number }>()
  const undoButton = useRef<HTMLButtonElement>(null)
  const clearAll = () => {
    setCleared({ entries, dropped })
    clear()
  }
  const undoClear = () => {
    if (!cleared) return
    // Requests sent since the clear stay, next to the ones put back.
    replace([...cleared.entries, ...entries], cleared.dropped)
    setCleared(undefined)
  }
  // The Clear button is disabled once the list is empty: focus goes to the undo offer, not to the page.
  useLayoutEffect(() => {
    if (cleared) undoButton.current?.focus()
  }, [cleared])

  const replay = useCallback(
    (entry: HistoryEntry) => {
      load(entry)
      void sendRequest(client, key, { request: requestOfEntry(entry), times: 1 })
    },
    [load, client, key],
  )

  return (
    <section className="history" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>History</h3>
      <div className="history-filters">
        <label className="field grow">
          <span>Search history</span>
          <input
            type="search"
            value={filter.query}
            onChange={(e) => setFilter({ query: e.target.value })}
            placeholder="method, path, status, problem code, request id…"
          />
        </label>
        <label className="check">
          <input type="checkbox" checked={filter.inBodies} onChange={(e) => setFilter({ inBodies: e.target.checked })} />
          <span>Search bodies too</span>
        </label>
        <label className="field compact">
          <span>Status class</span>
          <select value={filter.statusClass} onChange={(e) => setFilter({ statusClass: e.target.value as StatusClass })}>
            {STATUS_CLASSES.map((statusClass) => (
              <option key={statusClass} value={statusClass}>
                {STATUS_LABELS[statusClass]}
              </option>
            ))}
          </select>
        </label>
        <label className="field compact">
          <span>Sent to</span>
          <select value={filter.operation} onChange={(e) => setFilter({ operation: e.target.value as HistoryFilter['operation'] })}>
            <option value="all">Any route</option>
            {OPERATIONS.map((operation) => (
              <option key={operation.operationId} value={operation.operationId}>
                {operation.operationId}
              </option>
            ))}
            <option value="other">Other paths (404, 405)</option>
          </select>
        </label>
        <label className="field compact">
          <span>Sent from</span>
          <select value={filter.source} onChange={(e) => setFilter({ source: e.target.value as HistoryFilter['source'] })}>
            <option value="all">Anywhere</option>
            <option value="console">This console</option>
            <option value="outside">Outside the page</option>
          </select>
        </label>
        <button type="button" className="align-end" onClick={clearAll} disabled={entries.length === 0}>
          Clear history
        </button>
      </div>
      {cleared ? (
        <p className="advice" role="status" data-testid="history-cleared">
          History cleared: {cleared.entries.length.toLocaleString()} {cleared.entries.length === 1 ? 'request' : 'requests'} removed in
          every tab.{' '}
          <button type="button" ref={undoButton} onClick={undoClear}>
            Undo clear
          </button>{' '}
          <button type="button" onClick={() => setCleared(undefined)}>
            Dismiss
          </button>
        </p>
      ) : null}
      <p className="muted small" role="status" data-testid="history-count">
        {countLine(entries.length, matches.length, filtered, rows.length, dropped)} Kept in this browser with Authorization redacted; no key
        is ever stored.
      </p>
      <ol className="history-list" data-testid="history-list">
        {rows
          .slice(0, SHOWN)
          .map((row) =>
            row.kind === 'entry' ? (
              <HistoryItem key={row.entry.id} entry={row.entry} onLoad={load} onReplay={replay} replayDisabled={sending} />
            ) : (
              <BurstRow key={row.id} entries={row.entries} onLoad={load} onReplay={replay} replayDisabled={sending} />
            ),
          )}
      </ol>
    </section>
  )
}
