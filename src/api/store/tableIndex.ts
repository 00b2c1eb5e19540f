import { isValidKey, keyText } from './keyOrder.ts'
import type { IndexLayout } from './layout.ts'

/**
 * The primary keys (as text) under one index key. One is kept as the string
 * itself: every key of a unique index holds exactly one, and a Set each would
 * cost a state of 24,000 keys 6.4 MB where the strings cost 0.8.
 */
export type Primaries = string | ReadonlySet<string>

/** One index: index key → primary keys (as text) of the records under it. */
export class TableIndex {
  readonly #entries = new Map<string, string | Set<string>>()
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
  primaryKeys(key: IDBValidKey): Primaries | undefined {
    return this.#entries.get(keyText(key))
  }
  /** Whether a record other than `primary` is under `key`: a write of `primary` there breaks a unique index. */
  holdsOtherThan(key: IDBValidKey, primary: string): boolean {
    const held = this.#entries.get(keyText(key))
    if (held === undefined) return false
    return typeof held === 'string' ? held !== primary : !(held.size === 1 && held.has(primary))
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
    if (from !== undefined) this.#remove(from, primary)
    if (to !== undefined) this.#add(to, primary)
  }
  #remove(indexText: string, primary: string): void {
    const held = this.#entries.get(indexText)
    if (held === primary) {
      this.#entries.delete(indexText)
      return
    }
    if (typeof held !== 'object') return
    held.delete(primary)
    if (held.size === 1) this.#entries.set(indexText, held.values().next().value as string)
  }
  #add(indexText: string, primary: string): void {
    const held = this.#entries.get(indexText)
    if (held === undefined) this.#entries.set(indexText, primary)
    else if (typeof held === 'object') held.add(primary)
    else if (held !== primary) this.#entries.set(indexText, new Set([held, primary]))
  }
  #textOf(value: unknown): string | undefined {
    const key = this.keyOf(value)
    return key === undefined ? undefined : keyText(key)
  }
  clear(): void {
    this.#entries.clear()
  }
}
