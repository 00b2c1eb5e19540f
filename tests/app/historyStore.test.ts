import { IDBFactory } from 'fake-indexeddb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { burstSummary, groupBursts } from '../../src/app/state/history/historyBursts.ts'
import type { HistoryEntry } from '../../src/app/state/history/historyEntry.ts'
import { MAX_HISTORY } from '../../src/app/state/history/historyMerge.ts'
import { createHistoryStore, type HistoryStore } from '../../src/app/state/history/historyStore.ts'
import { historyEntry } from './support/historyEntries.ts'

const start = Date.parse('2026-11-22T12:00:00.000Z')
const at = (ms: number) => new Date(start + ms).toISOString()

let channels = 0
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

/** Two tabs of one browser: two stores over one IndexedDB, told of each other's writes over one BroadcastChannel. */
function twoTabs(options: { legacy?: () => { entries: HistoryEntry[]; dropped: number } } = {}): [HistoryStore, HistoryStore] {
  const indexedDB = new IDBFactory()
  const channel = `history-test-${++channels}`
  const first = createHistoryStore({ indexedDB, channel, ...options })
  const second = createHistoryStore({ indexedDB, channel })
  stops.push(first.follow(), second.follow())
  return [first, second]
}

/** `count` GET /status entries sent 5 ms apart from `fromMs`, oldest first as a tab adds them. */
function sent(count: number, fromMs: number, patch: (index: number) => Partial<HistoryEntry> = () => ({})): HistoryEntry[] {
  return Array.from({ length: count }, (_, index) => historyEntry({ at: at(fromMs + index * 5), durationMs: 4, ...patch(index) }))
}

describe('the history shared by two tabs', () => {
  it('keeps the newest 300 of both tabs and counts every dropped entry when both send near the cap at once', async () => {
    const [one, two] = twoTabs()
    const earlier = sent(290, -3_600_000, () => ({ path: '/api/developer/v1/profile', operationId: 'getDeveloperProfile' }))
    one.getState().replace(earlier)
    await one.flush()
    // Both tabs burst GET /status at once, their requests interleaved in time, written in batches that race.
    const fromOne = sent(60, 0, () => ({ status: 200 }))
    const fromTwo = sent(60, 2, () => ({ status: 429 }))
    for (let batch = 0; batch < 6; batch++) {
      one.getState().addAll(fromOne.slice(batch * 10, batch * 10 + 10))
      two.getState().addAll(fromTwo.slice(batch * 10, batch * 10 + 10))
      await Promise.all([one.flush(), two.flush()])
    }
    await Promise.all([one.flush(), two.flush()])

    const union = [...earlier, ...fromOne, ...fromTwo].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : -1))
    for (const tab of [one, two]) {
      const { entries, dropped } = tab.getState()
      expect(entries.map((entry) => entry.id)).toEqual(union.slice(0, MAX_HISTORY).map((entry) => entry.id))
      expect(dropped).toBe(union.length - MAX_HISTORY)
      const [burst] = groupBursts(entries)
      expect(burst?.kind === 'burst' && burstSummary(burst.entries)).toBe('120 × GET /status: 60 × 200, 60 × 429')
    }
  })

  it("shows another tab's entries without a reload", async () => {
    const [one, two] = twoTabs()
    await two.flush()
    one.getState().addAll(sent(3, 0))
    await one.flush()
    await vi.waitFor(() => expect(two.getState().entries).toHaveLength(3))
  })

  it('clears every tab, and an undo puts back the entries and the dropped count in every tab', async () => {
    const [one, two] = twoTabs()
    one.getState().addAll(sent(MAX_HISTORY + 4, 0))
    await one.flush()
    await vi.waitFor(() => expect(two.getState().entries).toHaveLength(MAX_HISTORY))
    const { entries, dropped } = two.getState()
    expect(dropped).toBe(4)
    two.getState().clear()
    await two.flush()
    await vi.waitFor(() => expect(one.getState()).toMatchObject({ entries: [], dropped: 0 }))
    one.getState().replace(entries, dropped)
    await one.flush()
    await vi.waitFor(() => expect(two.getState()).toMatchObject({ entries, dropped: 4 }))
  })

  it('moves a history an older version kept in localStorage into the shared store, once', async () => {
    const old = sent(MAX_HISTORY, -60_000)
    const legacy = vi.fn(() => ({ entries: old, dropped: 7 }))
    const [one, two] = twoTabs({ legacy })
    one.getState().addAll(sent(1, 0))
    await one.flush()
    await two.flush()
    expect(legacy).toHaveBeenCalledTimes(1)
    expect(two.getState().entries).toHaveLength(MAX_HISTORY)
    expect(two.getState().dropped).toBe(8)
  })
})

describe('a page that closes before its last entries are written', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('puts them in the stash as it goes, and the next page to open the history writes them', async () => {
    const stashed: HistoryEntry[] = []
    const stash = { put: (entries: readonly HistoryEntry[]) => void stashed.push(...entries), take: () => stashed.splice(0) }
    const handlers = new Map<string, () => void>()
    vi.stubGlobal('addEventListener', (type: string, handler: () => void) => handlers.set(type, handler))
    vi.stubGlobal('removeEventListener', () => {})

    const closing = createHistoryStore({ indexedDB: new IDBFactory(), channel: `history-test-${++channels}`, stash })
    stops.push(closing.follow())
    await closing.flush()
    const last = sent(3, 0)
    closing.getState().addAll(last)
    // Hidden for good within the batching delay: nothing of the three has reached IndexedDB yet.
    handlers.get('pagehide')?.()
    expect(stashed.map((entry) => entry.id)).toEqual(last.map((entry) => entry.id))

    // The next page (its own database here, so only the stash can bring the three) writes and shows them.
    const next = createHistoryStore({ indexedDB: new IDBFactory(), channel: `history-test-${++channels}`, stash })
    stops.push(next.follow())
    await next.flush()
    expect(next.getState().entries.map((entry) => entry.id)).toEqual([...last].reverse().map((entry) => entry.id))
    expect(stashed).toEqual([])
  })
})
