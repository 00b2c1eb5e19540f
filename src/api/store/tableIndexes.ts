import { keyText } from './keyOrder.ts'
import type { IndexLayout } from './layout.ts'
import type { SavedReads } from './savedReads.ts'
import { type Primaries, TableIndex } from './tableIndex.ts'

/** Every index of one object store, kept in step with its records together. */
export class TableIndexes {
  readonly #tableName: string
  readonly #indexes = new Map<string, TableIndex>()

  constructor(tableName: string, layouts: Record<string, IndexLayout>) {
    this.#tableName = tableName
    for (const [name, layout] of Object.entries(layouts)) this.#indexes.set(name, new TableIndex(name, layout))
  }

  /** The index called `name`, or a NotFoundError as IndexedDB throws for an index the store lacks. */
  get(name: string): TableIndex {
    const index = this.#indexes.get(name)
    if (!index) throw new DOMException(`Failed to find the index "${name}" of "${this.#tableName}"`, 'NotFoundError')
    return index
  }

  primaryKeys(name: string, key: IDBValidKey): Primaries | undefined {
    return this.get(name).primaryKeys(key)
  }

  /**
   * Refuses `value` under primary `text` when a unique index already holds
   * its index key for another record; changes nothing. `saved`, over saved
   * records, reads in the records under each unique index key first.
   */
  checkUnique(value: unknown, text: string, saved?: Pick<SavedReads, 'fetchIndexed'>): void {
    for (const index of this.#indexes.values()) {
      if (!index.layout.unique) continue
      const indexKey = index.keyOf(value)
      if (indexKey === undefined) continue
      saved?.fetchIndexed(index.name, indexKey)
      if (index.holdsOtherThan(indexKey, text)) {
        throw new DOMException(
          `Failed to store in "${this.#tableName}": index "${index.name}" already holds ${keyText(indexKey)}`,
          'ConstraintError',
        )
      }
    }
  }

  /** Moves the record under `primary` from `before` to `after` (either may be absent) in every index. */
  move(primary: string, before: unknown, after: unknown): void {
    for (const index of this.#indexes.values()) index.move(primary, before, after)
  }

  clear(): void {
    for (const index of this.#indexes.values()) index.clear()
  }
}
