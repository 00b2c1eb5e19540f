import { isValidKey, keyText } from './keyOrder.ts'
import type { IndexLayout } from './layout.ts'

/** One index: index key → primary keys (as text) of the records under it. */
export class TableIndex {
  readonly #entries = new Map<string, Set<string>>()
  readonly name: string
  readonly layout: IndexLayout

  constructor(name: string, layout: IndexLayout) {
    this.name = name
    this.layout = layout
  }

  keyOf(value: unknown): IDBValidKey | undefined {
    const key = (value as Record<string, unknown>)[this.layout.keyPath]
    // IndexedDB leaves a record out of an index when it has no valid key there.
    return isValidKey(key) ? key : undefined
  }
  primaryKeys(key: IDBValidKey): ReadonlySet<string> | undefined {
    return this.#entries.get(keyText(key))
  }
  /**
   * Keeps the index in step as the record under `primary` goes from `before`
   * to `after` (either may be absent).
   * @note Most writes leave the indexed field as it was (a count, a window);
   * then nothing changes, so a large index set is not churned on every request.
   */
  move(primary: string, before: unknown, after: unknown): void {
    const from = before === undefined ? undefined : this.#textOf(before)
    const to = after === undefined ? undefined : this.#textOf(after)
    if (from === to) return
    if (from !== undefined) {
      const set = this.#entries.get(from)
      set?.delete(primary)
      if (set?.size === 0) this.#entries.delete(from)
    }
    if (to !== undefined) {
      const set = this.#entries.get(to)
      if (set) set.add(primary)
      else this.#entries.set(to, new Set([primary]))
    }
  }
  #textOf(value: unknown): string | undefined {
    const key = this.keyOf(value)
    return key === undefined ? undefined : keyText(key)
  }
  clear(): void {
    this.#entries.clear()
  }
}
