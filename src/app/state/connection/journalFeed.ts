import type { JournalEntry } from '../../../api/core.ts'
import type { OutsideRequest } from '../../../bridge/tab/outsideRequest.ts'
import type { ControlClient } from '../../../client/controlClient.ts'

/** The header this page marks its own API requests with, so the journal's copy of them is not shown twice. */
export const PAGE_MARK_HEADER = 'x-sandbox-page'

/** How many newest entries each read asks for: more than a second's worth of a busy test suite rarely matters to a person. */
const READ_LIMIT = 200
const SEEN_LIMIT = 5000

const entryKey = (entry: JournalEntry) => `${entry.requestId} ${entry.time} ${entry.method} ${entry.path}`

/**
 * A journal entry as the history's outside row: the exchange, and what the
 * journal says about the client. The journal names the key by its id only;
 * `lastFour` is the key's last four characters, as the key list shows them.
 */
export function outsideRequestOf(entry: JournalEntry, lastFour: string | undefined, now = Date.now()): OutsideRequest {
  const headers = entry.request.headers as Record<string, string>
  return {
    // The same entry gets the same id on every read and in every page load, so the history keeps it once.
    id: entryKey(entry).replace(/\W+/g, '_').slice(0, 120),
    exchange: entry,
    keyHint: lastFour ? `…${lastFour}` : null,
    userAgent: headers['user-agent'] ?? null,
    origin: headers.origin ?? null,
    receivedAt: now,
    startedAt: now - entry.durationMs,
  }
}

/** Whether a playground page sent the request: such a page kept it in its own history, as its console's. */
const fromAPage = (entry: JournalEntry) => PAGE_MARK_HEADER in (entry.request.headers as Record<string, string>)

/**
 * Follows a host's request journal (`GET /_developer-sandbox/requests`): each
 * request another client sent (curl, a test suite, another page) is handed
 * to `listener` once, oldest first. The first read hands on what the journal
 * already held, so a page opened after the requests were made shows them:
 * all of it but the requests of playground pages, which those pages kept in
 * their own history (this browser's earlier load of this page among them).
 * This page's own requests carry `pageMark` and are left to the page, which
 * recorded them itself.
 * @returns a function that reads once more now: the caller decides the pace
 */
export function createJournalFeed(control: ControlClient, pageMark: string, listener: (request: OutsideRequest) => void) {
  const seen = new Set<string>()
  /** Each key's last four characters by its id: the history names a key as the tab's bridge rows do. */
  const lastFours = new Map<string, string>()
  let primed = false
  let reading: Promise<void> | undefined
  async function learnKeys(ids: (string | null)[]): Promise<void> {
    if (ids.every((id) => id === null || lastFours.has(id))) return
    for (const key of await control.listKeys()) lastFours.set(key.id, key.lastFour)
  }
  async function read(): Promise<void> {
    const { requests } = await control.requests({ limit: READ_LIMIT })
    const fresh = requests.filter((entry) => !seen.has(entryKey(entry)))
    for (const entry of fresh) seen.add(entryKey(entry))
    if (seen.size > SEEN_LIMIT) for (const key of [...seen].slice(0, seen.size - SEEN_LIMIT)) seen.delete(key)
    const earlier = !primed
    primed = true
    const outside = fresh
      .reverse()
      .filter((entry) => (earlier ? !fromAPage(entry) : (entry.request.headers as Record<string, string>)[PAGE_MARK_HEADER] !== pageMark))
    if (outside.length === 0) return
    // A key the page has not seen yet is looked up once; a failed look-up leaves the row without its hint, not without the row.
    await learnKeys(outside.map((entry) => entry.keyId)).catch(() => {})
    // What the journal held before is dated when it was answered, in real time: the journal's times are the sandbox clock's.
    const offsetMs = earlier
      ? await control.getClock().then(
          (clock) => clock.offsetMs,
          () => 0,
        )
      : 0
    const answeredAt = (entry: JournalEntry) => (earlier ? Date.parse(entry.time) - offsetMs + entry.durationMs : Date.now())
    for (const entry of outside) {
      const hint = entry.keyId === null ? undefined : lastFours.get(entry.keyId)
      listener(outsideRequestOf(entry, hint, answeredAt(entry)))
    }
  }
  let again = false
  const readOnce = (): Promise<void> =>
    read()
      .catch(() => {})
      .finally(() => {
        reading = undefined
        // Asked while reading: what made the caller ask may have landed after this read's answer, so read once more.
        if (again) {
          again = false
          reading = readOnce()
        }
      })
  return () => {
    // One read at a time: a slow answer is not overtaken by the next tick's.
    if (reading) again = true
    reading ??= readOnce()
    return reading
  }
}
