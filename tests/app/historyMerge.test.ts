import { describe, expect, it } from 'vitest'
import { MAX_HISTORY, mergeHistory } from '../../src/app/state/history/historyMerge.ts'
import { historyEntry } from './support/historyEntries.ts'

const at = (ms: number) => new Date(Date.parse('2026-11-27T12:00:00.000Z') + ms).toISOString()

describe('merging the lists a tab shows its history from', () => {
  it('keeps one entry per id, the copy from the later list', () => {
    const stored = historyEntry({ id: 'req_a', at: at(0), status: 200 })
    const rewritten = { ...stored, status: 429 }
    const { entries, overflow } = mergeHistory([stored], [rewritten])
    expect(entries).toEqual([rewritten])
    expect(overflow).toBe(0)
  })

  it('orders newest first, and entries of the same millisecond by id, whatever list they came from', () => {
    const lists = [
      [historyEntry({ id: 'req_b', at: at(5) }), historyEntry({ id: 'req_old', at: at(-1000) })],
      [historyEntry({ id: 'req_c', at: at(5) }), historyEntry({ id: 'req_new', at: at(9) })],
      [historyEntry({ id: 'req_a', at: at(5) })],
    ]
    const ids = (merged: ReturnType<typeof mergeHistory>) => merged.entries.map((entry) => entry.id)
    expect(ids(mergeHistory(...lists))).toEqual(['req_new', 'req_c', 'req_b', 'req_a', 'req_old'])
    expect(ids(mergeHistory(...[...lists].reverse()))).toEqual(ids(mergeHistory(...lists)))
  })

  it('cuts to the newest MAX_HISTORY and counts exactly what the cut left out', () => {
    const sent = (count: number, fromMs: number) => Array.from({ length: count }, (_, index) => historyEntry({ at: at(fromMs + index) }))
    const older = sent(MAX_HISTORY, 0)
    const newer = sent(25, 10_000)
    const { entries, overflow } = mergeHistory(older, newer, newer)
    expect(entries).toHaveLength(MAX_HISTORY)
    expect(overflow).toBe(25)
    expect(entries.slice(0, 25).map((entry) => entry.id)).toEqual(newer.map((entry) => entry.id).reverse())
    expect(entries.at(-1)?.id).toBe(older[25]?.id)
  })
})
