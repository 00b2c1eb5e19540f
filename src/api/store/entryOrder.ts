import { cloneRecord } from './cloneRecord.ts'
import { compareKeys } from './keyOrder.ts'
import type { Entry } from './savedReads.ts'
import type { Primaries, TableIndex } from './tableIndex.ts'

/** Copies of the records in primary-key order, as IndexedDB's getAll gives them. */
export function valuesByKey(entries: Iterable<Entry>): unknown[] {
  return [...entries].sort((a, b) => compareKeys(a.key, b.key)).map((entry) => cloneRecord(entry.value))
}

/** Copies of the records in `index`'s order, then primary-key order; a record without a key there is left out, as IndexedDB leaves it. */
export function valuesByIndex(index: TableIndex, entries: Iterable<Entry>): unknown[] {
  const keyed: { indexKey: IDBValidKey; entry: Entry }[] = []
  for (const entry of entries) {
    const indexKey = index.keyOf(entry.value)
    if (indexKey !== undefined) keyed.push({ indexKey, entry })
  }
  keyed.sort((a, b) => compareKeys(a.indexKey, b.indexKey) || compareKeys(a.entry.key, b.entry.key))
  return keyed.map(({ entry }) => cloneRecord(entry.value))
}

/** The held records an index key names, in primary-key order. */
export function entriesOf(primaries: Primaries | undefined, records: ReadonlyMap<string, Entry>): Entry[] {
  if (primaries === undefined) return []
  if (typeof primaries === 'string') {
    const entry = records.get(primaries)
    return entry ? [entry] : []
  }
  const entries: Entry[] = []
  for (const text of primaries) {
    const entry = records.get(text)
    if (entry) entries.push(entry)
  }
  return entries.length > 1 ? entries.sort((a, b) => compareKeys(a.key, b.key)) : entries
}
