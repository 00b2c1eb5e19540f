import { memo, useState } from 'react'
import { burstSummary } from '../state/history/historyBursts.ts'
import type { HistoryEntry } from '../state/history/historyEntry.ts'
import { formatDateTimeSeconds } from '../ui/format.ts'
import { HistoryItem } from './HistoryItem.tsx'

interface BurstRowProps {
  /** The burst's requests, newest first. */
  entries: HistoryEntry[]
  onLoad(entry: HistoryEntry): void
  onReplay(entry: HistoryEntry): void
  replayDisabled: boolean
}

/** The same request sent back to back, as one row that opens onto its requests. */
export const BurstRow = memo(function BurstRow({ entries, onLoad, onReplay, replayDisabled }: BurstRowProps) {
  const [open, setOpen] = useState(false)
  const newest = entries[0]
  const oldest = entries[entries.length - 1]
  if (!newest || !oldest) return null
  const seconds = Math.max(0, Math.round((Date.parse(newest.at) - Date.parse(oldest.at)) / 100) / 10)
  return (
    <li className="history-burst" data-count={entries.length}>
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary data-testid="burst-row">
          <strong>{burstSummary(entries)}</strong>
          <span className="muted small">
            {' '}
            · <time dateTime={oldest.at}>{formatDateTimeSeconds(oldest.at)}</time>, over {seconds} s
            {newest.source === 'outside' ? ' · from outside the page' : ''}
          </span>
        </summary>
        {open ? (
          <ol className="history-list burst-entries">
            {entries.map((entry) => (
              <HistoryItem key={entry.id} entry={entry} onLoad={onLoad} onReplay={onReplay} replayDisabled={replayDisabled} />
            ))}
          </ol>
        ) : null}
      </details>
    </li>
  )
})
