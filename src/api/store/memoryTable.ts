import { checkedRecord, cloneRecord } from './cloneRecord.ts'
import { entriesOf, valuesByIndex, valuesByKey } from './entryOrder.ts'
import { keyText } from './keyOrder.ts'
import type { StoreLayout } from './layout.ts'
import { recordKey } from './recordKey.ts'
import { type Entry, SavedReads, type SavedTable } from './savedReads.ts'
import { TableIndexes } from './tableIndexes.ts'

/**
 * One object store held in memory: records by primary key, and their indexes.
 * Synchronous; transactions (`memoryDatabase.ts`) decide when it may change.
 * Values go in and come out as copies.
 *
 * Over saved records (`SavedTable`) it holds only what was read or written
 * lately: a miss reads the saved record and keeps it, a deletion is
 * remembered until it is saved, and `release` lets go of saved records, so
 * a state of any size costs the memory of the records in use.
 */
export class MemoryTable {
  #records = new Map<string, Entry>()
  #indexes: TableIndexes
  /** How records not held are read, over saved records; none when the table holds everything. */
  readonly #saved: SavedReads | undefined

  readonly name: string
  readonly layout: StoreLayout

  constructor(name: string, layout: StoreLayout, saved?: SavedTable) {
    this.name = name
    this.layout = layout
    this.#saved =
      saved &&
      new SavedReads(saved, {
        held: (text) => this.#records.get(text),
        hold: (text, entry) => this.#set(text, entry),
        letGo: (text) => this.#set(text, undefined),
        heldKeys: () => this.#records.keys(),
        heldCount: () => this.#records.size,
        keyOf: (value) => this.keyOf(value),
      })
    this.#indexes = new TableIndexes(name, layout.indexes)
  }

  /** The record's primary key, or a DataError when it has none. */
  keyOf(value: unknown): IDBValidKey {
    return recordKey(this.name, this.layout.keyPath, value)
  }

  get(key: IDBValidKey): unknown {
    const value = this.read(key)
    return value === undefined ? undefined : cloneRecord(value)
  }

  /** The stored record itself, for a caller that only looks at it. */
  read(key: IDBValidKey): unknown {
    const text = keyText(key)
    return (this.#records.get(text) ?? this.#saved?.fetch(key, text))?.value
  }

  /** The stored record itself, not a copy: for the journal, which never hands it out. */
  peek(text: string): Entry | undefined {
    return this.#records.get(text)
  }

  getAll(): unknown[] {
    this.#saved?.fetchAll()
    return valuesByKey(this.#records.values())
  }

  indexGet(indexName: string, key: IDBValidKey): unknown {
    const value = this.indexRead(indexName, key)
    return value === undefined ? undefined : cloneRecord(value)
  }

  /** The first stored record under an index key itself, for a caller that only looks at it. */
  indexRead(indexName: string, key: IDBValidKey): unknown {
    return this.#indexed(indexName, key)[0]?.value
  }

  indexGetAll(indexName: string, key: IDBValidKey | undefined): unknown[] {
    if (key !== undefined) return this.#indexed(indexName, key).map((entry) => cloneRecord(entry.value))
    this.#saved?.fetchAll()
    return valuesByIndex(this.#indexes.get(indexName), this.#records.values())
  }

  /**
   * Writes a record. `mustBeNew` makes an existing key a ConstraintError (add);
   * a clash on a unique index always is. Nothing changes when it throws.
   * `beforeChange` hears of the record once the checks pass, before it changes.
   * A value `handedOver` is kept as it is: its caller never changes it again.
   */
  put(value: unknown, mustBeNew: boolean, beforeChange?: (key: IDBValidKey, text: string) => void, handedOver = false): void {
    const stored = handedOver ? checkedRecord(value) : cloneRecord(value)
    const key = this.keyOf(stored)
    const text = keyText(key)
    // The record's saved state is held first: the check, and the transaction's undo, need it.
    this.#saved?.fetch(key, text)
    this.#checkWrite(stored, text, mustBeNew)
    beforeChange?.(key, text)
    this.restore(text, { key, value: stored })
  }

  /**
   * A new table holding `values` themselves, not copies: the caller hands
   * them over (records just parsed from JSON) and never touches them again.
   * Refused as `add` would refuse them, one by one.
   * @note Loading builds its entries apart from `put`, not through it. V8
   * moves objects made at one allocation site straight to the old generation
   * once most of them outlive a collection, as every loaded record does; had
   * a large load gone through `put`, every later request's short-lived
   * copies would be made there too, and each would cost a full collection to
   * free (a 24,000-key state: 13 % more CPU per request, 100 MB more memory).
   */
  static loaded(name: string, layout: StoreLayout, values: readonly unknown[]): MemoryTable {
    const table = new MemoryTable(name, layout)
    for (const value of values) {
      const key = table.keyOf(value)
      const text = keyText(key)
      table.#checkWrite(value, text, true)
      const entry: Entry = { key, value }
      table.restore(text, entry)
    }
    return table
  }

  /** Takes over `other`'s records and indexes, which `other` must not be used for again. Call `keyTexts` first: what is not in `other` is deleted. */
  adopt(other: MemoryTable): void {
    const saved = this.#saved
    if (saved) {
      for (const text of this.#records.keys()) if (!other.#records.has(text)) saved.changed(text, false)
      for (const text of other.#records.keys()) saved.changed(text, true)
    }
    this.#records = other.#records
    this.#indexes = other.#indexes
  }

  /** Refuses a write that would break a key (an `add` of an existing one) or a unique index; changes nothing. */
  #checkWrite(value: unknown, text: string, mustBeNew: boolean): void {
    if (mustBeNew && this.#records.has(text)) {
      throw new DOMException(`Failed to add to "${this.name}": a record with key ${text} exists`, 'ConstraintError')
    }
    this.#indexes.checkUnique(value, text, this.#saved)
  }

  delete(key: IDBValidKey, beforeChange?: (key: IDBValidKey, text: string) => void): void {
    const text = keyText(key)
    this.#saved?.fetch(key, text)
    beforeChange?.(key, text)
    this.restore(text, undefined)
  }

  /** The primary keys (as text) of every record, for a clear to journal. */
  keyTexts(): string[] {
    this.#saved?.fetchAll()
    return [...this.#records.keys()]
  }

  clear(): void {
    const saved = this.#saved
    if (saved) {
      saved.fetchAll()
      for (const text of this.#records.keys()) saved.changed(text, false)
    }
    this.#records.clear()
    this.#indexes.clear()
  }

  /** Sets the record under `text` to `entry` (or removes it), keeping the indexes in step. No checks: for writes already checked, and for undoing them. */
  restore(text: string, entry: Entry | undefined): void {
    this.#set(text, entry)
    this.#saved?.changed(text, entry !== undefined)
  }

  #set(text: string, entry: Entry | undefined): void {
    const previous = this.#records.get(text)
    this.#indexes.move(text, previous?.value, entry?.value)
    if (entry === undefined) this.#records.delete(text)
    else this.#records.set(text, entry)
  }

  /** How many records the table holds. */
  get size(): number {
    return this.#records.size
  }

  /** Lets go of saved records beyond `keep` (see `SavedReads.release`); a table that holds everything keeps it. */
  release(keep: number, unsaved: (text: string) => boolean): void {
    this.#saved?.release(keep, unsaved)
  }

  #indexed(indexName: string, key: IDBValidKey): Entry[] {
    this.#saved?.fetchIndexed(indexName, key)
    return entriesOf(this.#indexes.primaryKeys(indexName, key), this.#records)
  }
}
