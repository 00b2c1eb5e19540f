/**
 * When the tables over a host's saved state let go of saved records: after
 * each save the host reports, and after a transaction that left a table far
 * over its capacity (a listing, an export reads every record). Always
 * between transactions, so no transaction loses a record it read.
 */
import type { StoreName } from './database.ts'
import type { MemoryTable } from './memoryTable.ts'
import { recordId } from './memoryTransaction.ts'
import type { SavedTable } from './savedReads.ts'

/** A durable host's saved state, read on demand instead of held whole (see `MemoryTable`). */
export interface SavedState {
  /** The stores kept there, each read through its own `SavedTable`. */
  tables: Partial<Record<StoreName, SavedTable>>
  /** Most saved records a table holds between transactions; records with unsaved changes are held whatever this says. */
  capacity: number
  /** Whether the record (by `RecordWrite.id`) has changes the host has not saved yet. */
  unsaved(id: string): boolean
}

export class HeldRecords {
  readonly #saved: SavedState
  readonly #tables: ReadonlyMap<StoreName, MemoryTable>
  /** The host saved while a transaction ran: let go when it settles. */
  #due = false
  /** Letting go between transactions left the tables far over capacity (the excess unsaved): wait for the host's next save. */
  #heldUntilSave = false

  constructor(saved: SavedState, tables: ReadonlyMap<StoreName, MemoryTable>) {
    this.#saved = saved
    this.#tables = tables
  }

  /** The host saved: let go now, or once the running transaction settles. */
  saved(running: boolean): void {
    if (running) this.#due = true
    else this.#release()
  }

  /** A transaction settled and none runs now. */
  between(): void {
    if (this.#due) {
      this.#release()
      return
    }
    if (this.#heldUntilSave || !this.#far()) return
    this.#release()
    this.#heldUntilSave = this.#far()
  }

  #release(): void {
    const { capacity, unsaved } = this.#saved
    this.#due = false
    this.#heldUntilSave = false
    for (const [store, table] of this.#tables) table.release(capacity, (text) => unsaved(recordId(store, text)))
  }

  /** Whether a table over saved records holds more than twice its capacity; the tables held whole (the seeded catalogue) never count. */
  #far(): boolean {
    const { tables, capacity } = this.#saved
    for (const [store, table] of this.#tables) if (tables[store] && table.size > 2 * capacity) return true
    return false
  }
}
