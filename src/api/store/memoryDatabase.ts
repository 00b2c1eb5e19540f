/**
 * The store in process memory, for Node hosts: the same object stores,
 * indexes and transaction rules as IndexedDB, at a fraction of the cost of an
 * IndexedDB implementation in JavaScript (no event dispatch, no structured
 * clone, no B-tree). What it commits can be followed record by record
 * (`onCommit`), which is how the HTTP server persists it.
 *
 * Transactions run one at a time, in the order they were asked for, exactly
 * as overlapping read-write transactions do in IndexedDB, so a rate-limit
 * window is read and written by one request at a time. A transaction commits
 * when asked (`commit()`, which the request pipeline does, so the next one
 * starts at once), or else once a turn of the event loop passes after it
 * started: its requests are synchronous, so by then every one of them, and
 * every continuation awaiting them, has run. An abort, or a failed request,
 * undoes all its writes.
 * @note One timer per turn, not per transaction, watches for the ones left
 * open: only one runs at a time, and under load nearly every one is
 * committed by its owner well before the turn ends.
 */
import type { Database, StoreName, StoreRecords, Transaction } from './database.ts'
import { HeldRecords, type SavedState } from './heldRecords.ts'
import { STORE_LAYOUT, STORE_NAMES } from './layout.ts'
import { MemoryTable } from './memoryTable.ts'
import { failure, MemoryTransaction, recordId } from './memoryTransaction.ts'
import type { RecordWrite } from './recordWrite.ts'
import { seedCatalogue } from './seedCatalogue.ts'

export type { SavedState } from './heldRecords.ts'
export type { RecordWrite } from './recordWrite.ts'
export type { SavedTable } from './savedReads.ts'

export interface MemoryDatabaseOptions {
  /** Receives every committed transaction's writes, in commit order, before its `done` settles. */
  onCommit?: (writes: readonly RecordWrite[]) => void
  /** Where the saved stores' records are read on demand; without it every record is held in memory. */
  saved?: SavedState
}

/** The next turn of the event loop: `setImmediate` where there is one (Node), which unlike `setTimeout` has no 1 ms floor. */
const immediate = (globalThis as { setImmediate?: (run: () => void) => unknown }).setImmediate
const nextTurn: (run: () => void) => void = immediate ? (run) => immediate(run) : (run) => setTimeout(run, 0)

export class MemoryDatabase implements Database {
  readonly #tables = new Map<StoreName, MemoryTable>()
  readonly #queue: MemoryTransaction[] = []
  readonly #onCommit: ((writes: readonly RecordWrite[]) => void) | undefined
  /** When the tables over saved state let go of what they hold; none when every record is held. */
  readonly #held: HeldRecords | undefined
  #running: MemoryTransaction | undefined
  #closed = false
  /** Counts the turns the auto-commit timer has seen; a transaction started in an earlier one is left open no longer. */
  #turn = 0
  #autoCommitScheduled = false

  constructor(options: MemoryDatabaseOptions = {}) {
    this.#onCommit = options.onCommit
    this.#held = options.saved && new HeldRecords(options.saved, this.#tables)
    for (const name of STORE_NAMES) this.#tables.set(name, new MemoryTable(name, STORE_LAYOUT[name], options.saved?.tables[name]))
    const { sessions, tools } = seedCatalogue()
    for (const session of sessions) this.table('sessions').put(session, false)
    for (const tool of tools) this.table('tools').put(tool, false)
  }

  transaction<N extends StoreName>(stores: readonly N[], mode: IDBTransactionMode): Transaction<N> {
    return this.#enqueue(stores, mode)
  }

  #enqueue(stores: readonly StoreName[], mode: IDBTransactionMode): MemoryTransaction {
    if (this.#closed) throw failure('InvalidStateError', 'Failed to start a transaction: the memory store is closed')
    for (const name of stores)
      if (!this.#tables.has(name)) throw failure('NotFoundError', `Failed to start a transaction: no store "${name}"`)
    // A copy, as IndexedDB takes one: the caller may change its list later. A short list, where a Set costs more to build than it saves.
    const tx = new MemoryTransaction(this, stores.slice(), mode)
    this.#queue.push(tx)
    this.#startNext()
    return tx
  }

  /**
   * Replaces the named stores' records with `records`, all or nothing. The
   * records are kept as they are, not copied: the caller hands them over
   * (just parsed from JSON) and never changes them again. Only while no
   * transaction is open; what changed reaches `onCommit` as a commit's writes do.
   * @throws DOMException (DataError, ConstraintError) naming the first record
   * a store refuses, before anything changes.
   */
  load(records: StoreRecords): void {
    if (this.#closed) throw failure('InvalidStateError', 'Failed to load records: the memory store is closed')
    if (this.#running) throw failure('InvalidStateError', 'Failed to load records: a transaction is open')
    this.#load(records)
  }

  /**
   * `load`, of copies, in its turn behind the transactions already asked for.
   * @note The copies come from `structuredClone`, whose objects V8 builds
   * without allocation sites, so a large import does not train the request
   * path's own sites into pretenuring (see `MemoryTable.loaded`).
   */
  async replace(records: StoreRecords): Promise<void> {
    const tx = this.#enqueue(Object.keys(records) as StoreName[], 'readwrite')
    await tx.request(() => this.#load(structuredClone(records)))
    tx.commit()
    await tx.done
  }

  /** Builds every store's new table before any changes, then fills the tables in place: store handles already given out see the new records. */
  #load(records: StoreRecords): void {
    const loaded = Object.entries(records).map(([name, values]) => {
      const store = name as StoreName
      if (!this.#tables.has(store)) throw failure('NotFoundError', `Failed to load records: no store "${store}"`)
      return { store, table: MemoryTable.loaded(store, STORE_LAYOUT[store], values ?? []) }
    })
    const writes: RecordWrite[] = []
    for (const { store, table } of loaded) {
      const before = this.table(store)
      for (const text of before.keyTexts()) {
        if (table.peek(text) !== undefined) continue
        const gone = before.peek(text)
        if (gone) writes.push({ store, key: gone.key, value: undefined, id: recordId(store, text) })
      }
      for (const text of table.keyTexts()) {
        const entry = table.peek(text)
        if (entry) writes.push({ store, key: entry.key, value: entry.value, id: recordId(store, text) })
      }
      before.adopt(table)
    }
    if (writes.length) this.#onCommit?.(writes)
  }

  /**
   * Lets each table over saved records go of what it holds beyond the
   * capacity, once those records are saved: what a host calls after a save.
   * Runs between transactions (at once, or when the running one settles);
   * a no-op without saved state.
   */
  release(): void {
    this.#held?.saved(this.#running !== undefined)
  }

  onLost(): void {
    // Nothing else can close a memory store under its owner.
  }

  close(): void {
    this.#closed = true
  }

  table(name: StoreName): MemoryTable {
    const table = this.#tables.get(name)
    if (!table) throw failure('NotFoundError', `Failed to find the store "${name}"`)
    return table
  }

  /** Called by a transaction when it has committed or aborted, or by an abort while it waits. */
  settled(tx: MemoryTransaction, writes: readonly RecordWrite[] | undefined): void {
    if (writes?.length) this.#onCommit?.(writes)
    const queued = this.#queue.indexOf(tx)
    if (queued >= 0) this.#queue.splice(queued, 1)
    if (this.#running === tx) this.#running = undefined
    if (!this.#running) this.#held?.between()
    this.#startNext()
  }

  #startNext(): void {
    if (this.#running) return
    const next = this.#queue.shift()
    if (!next) return
    this.#running = next
    next.start(this.#turn)
    if (this.#running === next) this.#scheduleAutoCommit()
  }

  #scheduleAutoCommit(): void {
    if (this.#autoCommitScheduled) return
    this.#autoCommitScheduled = true
    nextTurn(() => this.#autoCommit())
  }

  /** Commits the running transaction if it started before this turn; one started by that commit waits for the next turn. */
  #autoCommit(): void {
    this.#autoCommitScheduled = false
    const turn = this.#turn++
    this.#running?.commitIfStartedBy(turn)
    if (this.#running) this.#scheduleAutoCommit()
  }
}
