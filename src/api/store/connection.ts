import type { Database } from './database.ts'
import { StoreError, storeFailure } from './StoreError.ts'

export interface ConnectionOptions {
  /** The store's name, for messages. */
  name: string
  /** Opens the store: IndexedDB through `openDatabase`, or a memory store. */
  open: () => Promise<Database>
}

/**
 * A lazily opened, self-healing handle on the database: a failed open is not
 * cached, and a connection closed under us (another tab upgrading, the browser
 * terminating it) is dropped, so the next request reopens instead of failing forever.
 */
export class Connection {
  #opening: Promise<Database> | undefined
  #closed = false
  readonly #options: ConnectionOptions

  constructor(options: ConnectionOptions) {
    this.#options = options
  }

  get(): Promise<Database> {
    if (this.#closed) return Promise.reject(new StoreError('Failed to use the sandbox: it was closed'))
    if (!this.#opening) {
      const opening = this.#options.open().then(
        (db) => {
          db.onLost(() => {
            if (this.#opening === opening) this.#opening = undefined
          })
          return db
        },
        (error: unknown) => {
          throw storeFailure(error, `open "${this.#options.name}"`)
        },
      )
      opening.catch(() => {
        if (this.#opening === opening) this.#opening = undefined
      })
      this.#opening = opening
    }
    return this.#opening
  }

  async close(): Promise<void> {
    this.#closed = true
    const opening = this.#opening
    this.#opening = undefined
    if (opening) (await opening.catch(() => undefined))?.close()
  }
}
