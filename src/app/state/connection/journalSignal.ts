/**
 * Follows a host's "the journal grew" stream (`serve` offers one at
 * `_playground/journal-events`): each signal asks the page to read the
 * journal now rather than at its next poll. Read with fetch, not
 * EventSource, so the admin token travels in a header, never in the URL.
 */

/** Where `serve` offers the stream, below the site's root. */
export const JOURNAL_EVENTS_PATH = '_playground/journal-events'

export interface JournalSignalOptions {
  url: URL
  adminToken: string
  /** The connection's same-origin fetch. */
  fetch: typeof fetch
  /** The journal may have grown: read it. Also called when the stream (re)opens, for what happened while it was closed. */
  onSignal(): void
  /** Whether the stream is open now, while following: while it is, the page need not poll. */
  onLive(live: boolean): void
  /** How long to wait before reopening a stream that ended; 1 s by default. */
  retryMs?: number
}

/** Answers that say this host has no stream for this page; polling is the way then, and asking again would not help. */
const FOR_GOOD = new Set([401, 403, 404, 405])

/**
 * Opens the stream and keeps it open, reopening it after it ends, until the
 * returned function is called.
 * @example
 * const stop = followJournalSignal({ url, adminToken, fetch, onSignal: readJournal, onLive: (live) => (polling = !live) })
 */
export function followJournalSignal(options: JournalSignalOptions): () => void {
  const stopped = new AbortController()
  const retryMs = options.retryMs ?? 1000
  async function follow(): Promise<'again' | 'never'> {
    const response = await options.fetch(options.url, {
      headers: { Authorization: `Bearer ${options.adminToken}`, Accept: 'text/event-stream' },
      cache: 'no-store',
      signal: stopped.signal,
    })
    if (!response.ok || !response.body) {
      await response.body?.cancel()
      return FOR_GOOD.has(response.status) ? 'never' : 'again'
    }
    options.onLive(true)
    options.onSignal()
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    let buffered = ''
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return 'again'
      buffered += value
      const events = buffered.split('\n\n')
      buffered = events.pop() ?? ''
      if (events.some((event) => event.split('\n').includes('event: journal'))) options.onSignal()
    }
  }
  async function run(): Promise<void> {
    while (!stopped.signal.aborted) {
      const next = await follow().catch(() => 'again' as const)
      // A stopped follower reports nothing more: its owner may already follow another stream.
      if (stopped.signal.aborted) return
      options.onLive(false)
      if (next === 'never') return
      await new Promise((resolve) => setTimeout(resolve, retryMs))
    }
  }
  void run()
  return () => stopped.abort()
}
