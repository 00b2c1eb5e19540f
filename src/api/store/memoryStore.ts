/** One object store's handle within a memory transaction: each call a request of the transaction over the store's table. */
import type { ReadonlyRecord } from '../domain/readonlyRecord.ts'
import type { Index, Store, StoreName, StoreShape } from './database.ts'
import type { MemoryTable } from './memoryTable.ts'

/** What a store handle needs of its transaction: to run each call as one of its requests, and to hear of each write. */
export interface StoreRequests {
  request<T>(run: () => T): Promise<T>
  assertWritable(store: StoreName): void
  remember(store: StoreName, key: IDBValidKey, text: string): void
}

export class MemoryStore<S extends StoreShape> implements Store<S> {
  readonly #tx: StoreRequests
  readonly #name: StoreName
  readonly #table: MemoryTable

  constructor(tx: StoreRequests, name: StoreName, table: MemoryTable) {
    this.#tx = tx
    this.#name = name
    this.#table = table
  }

  get(key: S['key']): Promise<S['value'] | undefined> {
    return this.#tx.request(() => this.#table.get(key) as S['value'] | undefined)
  }
  read(key: S['key']): Promise<ReadonlyRecord<S['value']> | undefined> {
    return this.#tx.request(() => this.#table.read(key) as ReadonlyRecord<S['value']> | undefined)
  }
  getAll(): Promise<S['value'][]> {
    return this.#tx.request(() => this.#table.getAll() as S['value'][])
  }
  put(value: S['value']): Promise<void> {
    return this.#tx.request(() => this.#write(value, false, false))
  }
  putLater(value: S['value']): void {
    this.#tx.request(() => this.#write(value, false, true)).catch(() => {})
  }
  add(value: S['value']): Promise<void> {
    return this.#tx.request(() => this.#write(value, true, false))
  }
  delete(key: S['key']): Promise<void> {
    return this.#tx.request(() => this.#table.delete(key, this.#remember))
  }
  clear(): Promise<void> {
    return this.#tx.request(() => {
      for (const text of this.#table.keyTexts()) this.#tx.remember(this.#name, this.#table.peek(text)?.key ?? text, text)
      this.#table.clear()
    })
  }
  index<I extends keyof S['indexes'] & string>(name: I): Index<S, S['indexes'][I]> {
    return {
      get: (key) => this.#tx.request(() => this.#table.indexGet(name, key) as S['value'] | undefined),
      read: (key) => this.#tx.request(() => this.#table.indexRead(name, key) as ReadonlyRecord<S['value']> | undefined),
      getAll: (key) => this.#tx.request(() => this.#table.indexGetAll(name, key) as S['value'][]),
    }
  }

  #write(value: S['value'], mustBeNew: boolean, handedOver: boolean): void {
    this.#tx.assertWritable(this.#name)
    this.#table.put(value, mustBeNew, this.#remember, handedOver)
  }

  readonly #remember = (key: IDBValidKey, text: string) => this.#tx.remember(this.#name, key, text)
}
