/**
 * One saved record damaged by hand, as the recovery properties do it on
 * every durable host: a row of a random store, its value no longer JSON, a
 * member of the wrong type, a member added, or one taken away. Host-free:
 * each host's test reads and writes its own rows.
 */
import fc from 'fast-check'

export type DamageKind = 'notJson' | 'wrongType' | 'extraMember' | 'missingMember'

export interface Damage {
  /** Which of the stores that hold rows, modulo their count. */
  store: number
  /** Which of that store's rows, modulo their count. */
  row: number
  kind: DamageKind
  /** Which member, modulo the record's members. */
  member: number
}

export const damage: fc.Arbitrary<Damage> = fc.record({
  store: fc.nat(),
  row: fc.nat(),
  kind: fc.constantFrom<DamageKind>('notJson', 'wrongType', 'extraMember', 'missingMember'),
  member: fc.nat(),
})

export interface Row {
  store: string
  key: string
  value: string
}

/** The row `damage` picks among `rows`. */
export function pickRow(rows: readonly Row[], { store, row }: Damage): Row {
  const stores = [...new Set(rows.map((each) => each.store))].sort()
  const chosen = stores[store % stores.length]
  const ofStore = rows.filter((each) => each.store === chosen)
  return ofStore[row % ofStore.length] as Row
}

/** The row's value as the hand that damaged it left it. */
export function damagedValue(value: string, { kind, member }: Damage): string {
  if (kind === 'notJson') return `${value.slice(0, 20)} <- edited`
  const record = JSON.parse(value) as Record<string, unknown>
  const names = Object.keys(record)
  const name = names[member % names.length] ?? 'id'
  if (kind === 'wrongType') record[name] = { edited: true }
  else if (kind === 'extraMember') record.editedByHand = true
  else delete record[name]
  return JSON.stringify(record)
}

/** A key's id from its saved row's key (the id as JSON). */
export const idOfRow = (row: Row) => JSON.parse(row.key) as string
