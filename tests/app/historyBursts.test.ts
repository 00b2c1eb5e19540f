import { describe, expect, it } from 'vitest'
import { burstSummary, groupBursts, MIN_BURST } from '../../src/app/state/history/historyBursts.ts'
import type { HistoryEntry } from '../../src/app/state/history/historyEntry.ts'
import { historyEntry } from './support/historyEntries.ts'

const start = Date.parse('2026-11-22T12:00:00.000Z')

/** `count` requests answered `everyMs` apart, newest first as the history keeps them. */
function burst(count: number, patch: (index: number) => Partial<HistoryEntry> = () => ({}), everyMs = 5, from = start): HistoryEntry[] {
  return Array.from({ length: count }, (_, index) =>
    historyEntry({ at: new Date(from + index * everyMs).toISOString(), durationMs: 4, ...patch(index) }),
  ).reverse()
}

describe('groupBursts', () => {
  it('makes 130 back-to-back GET /status one row: "130 × GET /status: 108 × 200, 22 × 429"', () => {
    const entries = burst(130, (index) => ({ status: index < 108 ? 200 : 429 }))
    const rows = groupBursts(entries)
    expect(rows).toHaveLength(1)
    const [row] = rows
    expect(row?.kind).toBe('burst')
    if (row?.kind !== 'burst') return
    expect(row.entries).toEqual(entries)
    expect(burstSummary(row.entries)).toBe('130 × GET /status: 108 × 200, 22 × 429')
  })

  it(`leaves fewer than ${MIN_BURST} identical requests as rows of their own`, () => {
    const rows = groupBursts(burst(MIN_BURST - 1))
    expect(rows.map((row) => row.kind)).toEqual(Array(MIN_BURST - 1).fill('entry'))
  })

  it('splits where the request changes, where a pause comes, or where the sender changes', () => {
    const statusBurst = burst(6)
    const profileBurst = burst(6, () => ({ path: '/api/developer/v1/profile', operationId: 'getDeveloperProfile' }), 5, start + 100)
    const later = burst(6, () => ({}), 5, start + 60_000)
    const outside = burst(6, () => ({ source: 'outside' }), 5, start + 60_100)
    const rows = groupBursts([...outside, ...later, ...profileBurst, ...statusBurst])
    expect(rows.map((row) => (row.kind === 'burst' ? burstSummary(row.entries) : row.entry.id))).toEqual([
      '6 × GET /status: 6 × 200',
      '6 × GET /status: 6 × 200',
      '6 × GET /profile: 6 × 200',
      '6 × GET /status: 6 × 200',
    ])
    expect(rows[0]?.kind === 'burst' && rows[0].entries[0]?.source).toBe('outside')
  })

  it('keeps slow requests together when each starts right after the previous answer', () => {
    const slow = burst(5, () => ({ durationMs: 3000 }), 3010)
    expect(groupBursts(slow)).toHaveLength(1)
  })

  it('keeps a different query apart, and names it in the summary', () => {
    const rows = groupBursts([...burst(5, () => ({ query: '?x=1', status: 400 }), 5, start + 50), ...burst(5)])
    expect(rows).toHaveLength(2)
    expect(rows[0]?.kind === 'burst' && burstSummary(rows[0].entries)).toBe('5 × GET /status?x=1: 5 × 400')
  })

  it('reads status 0 as "no answer"', () => {
    expect(burstSummary(burst(5, (index) => ({ status: index === 0 ? 0 : 200 })))).toBe('5 × GET /status: 4 × 200, 1 × no answer')
  })
})
