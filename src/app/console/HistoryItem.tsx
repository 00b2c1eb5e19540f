import { memo, useState } from 'react'
import { BASE_PATH } from '../../api/core.ts'
import type { HistoryEntry } from '../state/history/historyEntry.ts'
import { formatDateTimeSeconds, formatMs } from '../ui/format.ts'
import { BodyView } from './BodyView.tsx'
import { requestOfEntry } from './consoleStore.ts'
import { HeadersTable } from './HeadersTable.tsx'
import { SnippetButtons } from './SnippetButtons.tsx'

interface HistoryItemProps {
  entry: HistoryEntry
  onLoad(entry: HistoryEntry): void
  onReplay(entry: HistoryEntry): void
  replayDisabled: boolean
}

/** Where an outside request came from, in a few words: its Origin, else its User-Agent. */
function clientLabel(entry: HistoryEntry): string {
  const client = entry.client
  if (!client) return 'outside the page'
  return client.origin ?? client.userAgent?.split(' ')[0] ?? 'a client that did not say'
}

/**
 * One past request: summary line, then on demand its redacted request and
 * its answer. Entries never change, so the item is memoised and its detail
 * is rendered only while open: a burst of 121 requests stays cheap to draw.
 */
export const HistoryItem = memo(function HistoryItem({ entry, onLoad, onReplay, replayDisabled }: HistoryItemProps) {
  const [open, setOpen] = useState(false)
  const shifted = entry.sandboxAt !== entry.at && Math.abs(Date.parse(entry.sandboxAt) - Date.parse(entry.at)) > 60_000
  const name = `${entry.method} ${entry.path}${entry.query} (${entry.status}) at ${formatDateTimeSeconds(entry.at)}`
  const outside = entry.source === 'outside'
  return (
    <li
      className={outside ? 'history-item history-outside' : 'history-item'}
      data-status={entry.status}
      data-source={entry.source}
      data-request-id={entry.requestId ?? undefined}
    >
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <span className={`status-code status-${Math.floor(entry.status / 100)}xx`}>{entry.status || '—'}</span>
          <span className="method">{entry.method}</span>{' '}
          <code>
            {entry.path.startsWith(BASE_PATH) ? entry.path.slice(BASE_PATH.length) : entry.path}
            {entry.query}
          </code>
          {outside ? (
            <span className="badge badge-outside" data-testid="outside-badge">
              outside · {clientLabel(entry)}
            </span>
          ) : null}
          <span className="muted small">
            {' '}
            <time dateTime={entry.at}>{formatDateTimeSeconds(entry.at)}</time> · {formatMs(entry.durationMs)} · key{' '}
            {entry.keyHint ?? 'none'}
            {shifted ? ` · sandbox clock ${formatDateTimeSeconds(entry.sandboxAt)}` : ''}
            {entry.networkError ? ` · ${entry.networkError}` : ''}
          </span>
        </summary>
        {open ? (
          <div className="history-detail">
            {outside && entry.client ? (
              <dl className="outside-client small">
                <dt>User-Agent</dt>
                <dd>
                  <code>{entry.client.userAgent ?? '(none sent)'}</code>
                </dd>
                <dt>Origin</dt>
                <dd>
                  <code>{entry.client.origin ?? '(none sent: not a browser page)'}</code>
                </dd>
              </dl>
            ) : null}
            {entry.requestId ? (
              <p className="small">
                X-Request-ID <code>{entry.requestId}</code>
                {outside ? ' · the same record as in the request journal (GET /_developer-sandbox/requests)' : ''}
              </p>
            ) : null}
            <h4>Request headers (Authorization redacted)</h4>
            <HeadersTable
              headers={{ authorization: `Bearer [redacted${entry.keyHint ? ` ${entry.keyHint}` : ''}]`, ...entry.requestHeaders }}
              caption="Request headers"
            />
            {entry.requestBody !== null ? (
              <BodyView text={entry.requestBody} label="Request body" region={`Request body of ${name}`} />
            ) : null}
            <h4>Response headers</h4>
            <HeadersTable headers={entry.responseHeaders} caption="Response headers" />
            <BodyView text={entry.responseBody} label="Response body" region={`Response body of ${name}`} />
            <SnippetButtons request={() => requestOfEntry(entry)} context="this request" />
          </div>
        ) : null}
      </details>
      <div className="button-row">
        <button type="button" onClick={() => onLoad(entry)} aria-label={`Edit ${name} in the form`}>
          Edit
        </button>
        <button
          type="button"
          onClick={() => onReplay(entry)}
          disabled={replayDisabled}
          aria-label={`Replay ${name} once, with the chosen key`}
        >
          Replay
        </button>
      </div>
    </li>
  )
})
