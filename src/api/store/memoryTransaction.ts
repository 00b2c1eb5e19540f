/**
 * One transaction of the memory store (`memoryDatabase.ts`): queued until
 * its turn, then its requests run at once; it keeps the first value of each
 * record it writes, to undo an abort and to report a commit.
 */

import type { SandboxSchema, Store, StoreName, Transaction } from './database.ts'
import { MemoryStore } from './memoryStore.ts'
import type { MemoryTable } from './memoryTable.ts'
import type { RecordWrite } from './recordWrite.ts'
import { StoreError, storeFailure } from './StoreError.ts'

export const failure = (name: string, message: string) => new DOMException(message, name)
/** A record's identity across stores: its store and its key as text. */
export const recordId = (store: StoreName, text: string) => `${store}\u0000${text}`

/** What a transaction needs of the database it runs in: its tables, and to be told when it settles. */
export interface TransactionHost {
  table(name: StoreName): MemoryTable
  settled(tx: MemoryTransaction, writes: readonly RecordWrite[] | undefined): void
}

interface JournalEntry {
  store: StoreName
  key: IDBValidKey
  text: string
  /** The stored entry itself: a table replaces entries and never changes one in place. */
  before: { key: IDBValidKey; value: unknown } | undefined
}

export class MemoryTransaction<N extends StoreName = StoreName> implements Transaction<N> {
  readonly done: Promise<void>
  #state: 'queued' | 'active' | 'finished' = 'queued'
  #commitAsked = false
  #startedIn = Number.POSITIVE_INFINITY
  /** Requests made before the transaction's turn came, run when it does. */
  #waiting: (() => void)[] = []
  /** The first value each written record had in this transaction, to undo and to report. */
  readonly #journal = new Map<string, JournalEntry>()
  /** The store handles given out, one per store as IndexedDB gives them. */
  readonly #stores = new Map<StoreName, unknown>()
  #resolve!: () => void
  #reject!: (error: StoreError) => void

  readonly #db: TransactionHost
  readonly #scope: readonly StoreName[]
  readonly #mode: IDBTransactionMode

  constructor(db: TransactionHost, scope: readonly StoreName[], mode: IDBTransactionMode) {
    this.#db = db
    this.#scope = scope
    this.#mode = mode
    this.done = new Promise<void>((resolve, reject) => {
      this.#resolve = resolve
      this.#reject = reject
    })
    // As with IndexedDB: a rejection nobody awaited (an abort already handled) must not crash the host.
    this.done.catch(() => {})
  }

  /** Runs the requests made while queued; `turn` is the database's auto-commit turn at the start. */
  start(turn: number): void {
    this.#state = 'active'
    this.#startedIn = turn
    const waiting = this.#waiting
    this.#waiting = []
    for (const run of waiting) run()
    if (this.#commitAsked) this.#commit()
  }

  /** The auto-commit: a transaction still open a turn after it started has nothing left to ask. */
  commitIfStartedBy(turn: number): void {
    if (this.#startedIn <= turn) this.#commit()
  }

  objectStore<M extends N>(name: M): Store<SandboxSchema[M]> {
    if (!this.#scope.includes(name)) throw new StoreError(`Failed to use the store "${name}": it is not in this transaction's scope`)
    let store = this.#stores.get(name) as Store<SandboxSchema[M]> | undefined
    if (!store) {
      store = new MemoryStore<SandboxSchema[M]>(this, name, this.#db.table(name))
      this.#stores.set(name, store)
    }
    return store
  }

  commit(): void {
    if (this.#state === 'queued') this.#commitAsked = true
    else this.#commit()
  }

  abort(): void {
    this.#abort(new StoreError('Failed to commit: the transaction was aborted'))
  }

  /** Runs a request now, or when the transaction's turn comes; a failure aborts the transaction. */
  request<T>(run: () => T): Promise<T> {
    if (this.#state === 'finished') {
      return Promise.reject(new StoreError('Failed to use the store: TransactionInactiveError: the transaction has finished'))
    }
    if (this.#state === 'queued') {
      return new Promise<T>((resolve, reject) => {
        this.#waiting.push(() => this.request(run).then(resolve, reject))
      })
    }
    try {
      return Promise.resolve(run())
    } catch (error) {
      const storeError = storeFailure(error)
      this.#abort(storeError)
      return Promise.reject(storeError)
    }
  }

  /** Refuses a write in a read-only transaction, before any other check, as IndexedDB does. */
  assertWritable(store: StoreName): void {
    if (this.#mode === 'readonly') throw failure('ReadOnlyError', `Failed to write to "${store}": the transaction is read-only`)
  }

  /** A write's bookkeeping: refuses it in a read-only transaction and remembers the record's value before it. */
  remember(store: StoreName, key: IDBValidKey, text: string): void {
    this.assertWritable(store)
    const id = recordId(store, text)
    if (this.#journal.has(id)) return
    this.#journal.set(id, { store, key, text, before: this.#db.table(store).peek(text) })
  }

  #commit(): void {
    if (this.#state !== 'active') return
    this.#state = 'finished'
    const writes: RecordWrite[] = []
    for (const [id, { store, key, text }] of this.#journal) {
      const after = this.#db.table(store).peek(text)
      writes.push({ store, key: after?.key ?? key, value: after?.value, id })
    }
    this.#db.settled(this, writes)
    this.#resolve()
  }

  #abort(error: StoreError): void {
    if (this.#state === 'finished') return
    this.#state = 'finished'
    for (const entry of [...this.#journal.values()].reverse()) this.#db.table(entry.store).restore(entry.text, entry.before)
    this.#journal.clear()
    const waiting = this.#waiting
    this.#waiting = []
    for (const run of waiting) run()
    this.#db.settled(this, undefined)
    this.#reject(error)
  }
}
