import { memo, useState } from 'react'
import type { HistoryEntry } from '../state/history/historyEntry.ts'
import { formatDateTime, formatMs } from '../ui/format.ts'
import { BodyView } from './BodyView.tsx'
import { HeadersTable } from './HeadersTable.tsx'
import { SnippetButtons } from './SnippetButtons.tsx'

interface HistoryItemProps {
  entry: HistoryEntry
  onLoad(entry: HistoryEntry): void
  onReplay(entry: HistoryEntry): void
  replayDisabled: boolean
}

/**
 * One past request: summary line, then on demand its redacted request and
 * its answer. Entries never change, so the item is memoised and its detail
 * is rendered only while open: a burst of 121 requests stays cheap to draw.
 */
export const HistoryItem = memo(function HistoryItem({ entry, onLoad, onReplay, replayDisabled }: HistoryItemProps) {
  const [open, setOpen] = useState(false)
  const shifted = entry.sandboxAt !== entry.at && Math.abs(Date.parse(entry.sandboxAt) - Date.parse(entry.at)) > 60_000
  const name = `${entry.method} ${entry.path} (${entry.status}) at ${formatDateTime(entry.at)}`
  const asRequest = () => ({
    operationId: entry.operationId,
    headers: Object.fromEntries(Object.entries(entry.requestHeaders).filter(([header]) => header.toLowerCase() !== 'authorization')),
    body: entry.requestBody ?? undefined,
  })
  return (
    <li className="history-item" data-status={entry.status}>
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <span className={`status-code status-${Math.floor(entry.status / 100)}xx`}>{entry.status || '—'}</span>
          <span className="method">{entry.method}</span> <code>{entry.path.replace('/api/developer/v1', '')}</code>
          <span className="muted small">
            {' '}
            {formatDateTime(entry.at)} · {formatMs(entry.durationMs)} · key {entry.keyHint ?? 'none'}
            {shifted ? ` · sandbox clock ${formatDateTime(entry.sandboxAt)}` : ''}
          </span>
        </summary>
        {open ? (
          <div className="history-detail">
            {entry.requestId ? (
              <p className="small">
                X-Request-ID <code>{entry.requestId}</code>
              </p>
            ) : null}
            <h4>Request headers (Authorization redacted)</h4>
            <HeadersTable
              headers={{ authorization: `Bearer [redacted${entry.keyHint ? ` ${entry.keyHint}` : ''}]`, ...entry.requestHeaders }}
              caption="Request headers"
            />
            {entry.requestBody !== null ? <BodyView text={entry.requestBody} label="Request body" /> : null}
            <h4>Response headers</h4>
            <HeadersTable headers={entry.responseHeaders} caption="Response headers" />
            <BodyView text={entry.responseBody} label="Response body" />
            <SnippetButtons request={asRequest} context="this request" />
          </div>
        ) : null}
      </details>
      <div className="button-row">
        <button type="button" onClick={() => onLoad(entry)} aria-label={`Load ${name} into the form`}>
          Edit
        </button>
        <button type="button" onClick={() => onReplay(entry)} disabled={replayDisabled} aria-label={`Replay ${name} with the chosen key`}>
          Replay
        </button>
      </div>
    </li>
  )
})
