/**
 * What a memory table over saved records does beyond holding them: read a
 * record it does not hold, hide the saved records of deletions not saved
 * yet, and know when it holds every record, so a miss needs no read.
 */
import { keyText } from './keyOrder.ts'

/** One held record: its key and its value. */
export interface Entry {
  key: IDBValidKey
  value: unknown
}

/**
 * Where a table reads the records it does not hold: a durable host's saved
 * state, read on demand. What the table holds is newer than what is saved.
 */
export interface SavedTable {
  get(key: IDBValidKey): unknown
  /** Saved records whose index `index` holds `key`. */
  getByIndex(index: string, key: IDBValidKey): unknown[]
  getAll(): unknown[]
}

/** What the reads need of their table: its held records, to hold one more, and to let one go. */
export interface HoldingTable {
  held(text: string): Entry | undefined
  hold(text: string, entry: Entry): void
  letGo(text: string): void
  /** The keys (as text) of the held records, oldest first. */
  heldKeys(): Iterable<string>
  heldCount(): number
  keyOf(value: unknown): IDBValidKey
}

export class SavedReads {
  readonly #saved: SavedTable
  readonly #table: HoldingTable
  /** Keys deleted in the table, until the host says the deletion is saved: the saved records under them are gone. */
  readonly #deleted = new Set<string>()
  #complete = false

  constructor(saved: SavedTable, table: HoldingTable) {
    this.#saved = saved
    this.#table = table
  }

  /** Holds the saved record under a key the table does not hold; undefined when there is none, or the table knows better. */
  fetch(key: IDBValidKey, text: string): Entry | undefined {
    if (this.#complete || this.#deleted.has(text) || this.#table.held(text)) return undefined
    const value = this.#saved.get(key)
    return value === undefined ? undefined : this.#take(value)
  }

  /** Holds every saved record under an index key. */
  fetchIndexed(indexName: string, key: IDBValidKey): void {
    if (this.#complete) return
    for (const value of this.#saved.getByIndex(indexName, key)) this.#take(value)
  }

  /** Holds every saved record: what a full read, a clear or a replacement needs. */
  fetchAll(): void {
    if (this.#complete) return
    for (const value of this.#saved.getAll()) this.#take(value)
    this.#complete = true
  }

  /** The table wrote (`present`) or deleted the record under `text`. */
  changed(text: string, present: boolean): void {
    if (present) this.#deleted.delete(text)
    else this.#deleted.add(text)
  }

  /**
   * Lets go of held records whose state is saved, oldest first, until at
   * most `keep` are held, and forgets deletions that are saved. `unsaved`
   * names (by key text) the records whose changes the host has not saved:
   * those stay. Only between transactions.
   */
  release(keep: number, unsaved: (text: string) => boolean): void {
    const excess = this.#table.heldCount() - keep
    let letGo = 0
    for (const text of this.#table.heldKeys()) {
      if (letGo >= excess) break
      if (unsaved(text)) continue
      this.#table.letGo(text)
      letGo++
    }
    for (const text of this.#deleted) if (!unsaved(text)) this.#deleted.delete(text)
    // A record let go is read again on its next miss.
    if (letGo > 0) this.#complete = false
  }

  /** Holds a saved record just read, unless the table holds a newer state of it (a write, a deletion). */
  #take(value: unknown): Entry | undefined {
    const key = this.#table.keyOf(value)
    const text = keyText(key)
    if (this.#deleted.has(text)) return undefined
    const held = this.#table.held(text)
    if (held) return held
    const entry: Entry = { key, value }
    this.#table.hold(text, entry)
    return entry
  }
}
