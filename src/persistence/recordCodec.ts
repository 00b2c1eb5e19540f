/**
 * How a record is written to a row. Most records are written as their JSON;
 * a key's activity, written on every request, holds up to 120 epoch-ms
 * stamps (~1.7 KB as JSON), so its stamps are written as the first one and
 * the gaps after it in base 36: a full window under load fits in a few hundred bytes.
 */
import type { StoreName } from '../api/core.ts'

interface ActivityValue {
  keyId: string
  stamps: number[]
  lastUsedAt: number | null
}

/** The compact row of a key's activity: `s` is the first stamp, `d` the gaps after it. */
interface ActivityRow {
  keyId: string
  lastUsedAt: number | null
  s?: number
  d: string
}

const isActivity = (value: unknown): value is ActivityValue =>
  typeof value === 'object' && value !== null && Array.isArray((value as ActivityValue).stamps)

export function encodeRecord(store: StoreName, value: unknown): string {
  if (store !== 'keyActivity' || !isActivity(value) || !value.stamps.every(Number.isSafeInteger)) return JSON.stringify(value)
  const [first, ...rest] = value.stamps
  const gaps: string[] = []
  let previous = first ?? 0
  for (const stamp of rest) {
    // A gap may be negative (stamps written out of order); base 36 keeps its sign.
    gaps.push((stamp - previous).toString(36))
    previous = stamp
  }
  const row: ActivityRow = { keyId: value.keyId, lastUsedAt: value.lastUsedAt, d: gaps.join(',') }
  if (first !== undefined) row.s = first
  return JSON.stringify(row)
}

export function decodeRecord(store: StoreName, text: string): unknown {
  const value = JSON.parse(text) as unknown
  if (store !== 'keyActivity' || typeof value !== 'object' || value === null || typeof (value as ActivityRow).d !== 'string') return value
  const row = value as ActivityRow
  const stamps: number[] = []
  if (row.s !== undefined) {
    let stamp = row.s
    stamps.push(stamp)
    for (const gap of row.d ? row.d.split(',') : []) {
      stamp += Number.parseInt(gap, 36)
      stamps.push(stamp)
    }
  }
  return { keyId: row.keyId, stamps, lastUsedAt: row.lastUsedAt } satisfies ActivityValue
}
