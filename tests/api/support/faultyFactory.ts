/**
 * An IDBFactory that behaves like a real one (it delegates to fake-indexeddb)
 * until told to fail in one of the ways browsers fail: the open errors or
 * throws, the open never answers, a write transaction aborts, or a write runs out of quota.
 */

export type StoreFault = 'none' | 'open-error' | 'open-throws' | 'open-hangs' | 'transaction-aborts' | 'quota-exceeded'

type Method = (...args: unknown[]) => unknown

/** Reads a property off the real object, with methods bound to it (fake-indexeddb uses private fields). */
function forward<T extends object>(target: T, property: string | symbol): unknown {
  const value: unknown = Reflect.get(target, property, target)
  return typeof value === 'function' ? (value as Method).bind(target) : value
}

function proxy<T extends object>(target: T, override: (property: string | symbol) => unknown): T {
  return new Proxy(target, {
    get: (real, property) => override(property) ?? forward(real, property),
    set: (real, property, value) => Reflect.set(real, property, value, real),
  })
}

/** A request that never fires success or error, like an open blocked forever. */
function silentRequest(): IDBOpenDBRequest {
  return { result: undefined, error: null, transaction: null } as unknown as IDBOpenDBRequest
}

/** A request that fails the way a browser without storage permission fails. */
function failingRequest(): IDBOpenDBRequest {
  const request = {
    error: new DOMException('The user denied storage.', 'UnknownError'),
    transaction: null,
    onerror: null as ((event: Event) => void) | null,
    onsuccess: null,
    onupgradeneeded: null,
    get result(): never {
      throw new DOMException('The request failed.', 'InvalidStateError')
    },
  }
  setTimeout(() => request.onerror?.(new Event('error')), 0)
  return request as unknown as IDBOpenDBRequest
}

export function faultyFactory(real: IDBFactory) {
  let fault: StoreFault = 'none'
  let opens = 0

  const wrapStore = (store: IDBObjectStore, tx: IDBTransaction) =>
    proxy(store, (property) => {
      if (property !== 'put') return undefined
      return (value: unknown, key?: IDBValidKey) => {
        if (fault === 'quota-exceeded') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
        const request = store.put(value, key)
        if (fault === 'transaction-aborts') tx.abort()
        return request
      }
    })

  const wrapTransaction = (tx: IDBTransaction) =>
    proxy(tx, (property) => (property === 'objectStore' ? (name: string) => wrapStore(tx.objectStore(name), tx) : undefined))

  const wrapDatabase = (db: IDBDatabase) =>
    proxy(db, (property) =>
      property === 'transaction'
        ? (stores: string | string[], mode?: IDBTransactionMode) => wrapTransaction(db.transaction(stores, mode))
        : undefined,
    )

  const wrapOpen = (request: IDBOpenDBRequest) =>
    proxy(request, (property) => (property === 'result' && request.readyState === 'done' ? wrapDatabase(request.result) : undefined))

  const factory = proxy(real, (property) => {
    if (property !== 'open') return undefined
    return (name: string, version?: number) => {
      opens += 1
      if (fault === 'open-error') return failingRequest()
      // Some browsers throw from open() itself, e.g. when storage is disabled.
      if (fault === 'open-throws') throw new DOMException('The operation is insecure.', 'SecurityError')
      if (fault === 'open-hangs') return silentRequest()
      return wrapOpen(real.open(name, version))
    }
  })

  return {
    factory,
    /** Switches the failure on (or off with `'none'`); it applies from the next call on. */
    set(next: StoreFault) {
      fault = next
    },
    /** How many times a database open was attempted. */
    get opens() {
      return opens
    },
  }
}
