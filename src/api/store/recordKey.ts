import { isValidKey } from './keyOrder.ts'
import type { StoreLayout } from './layout.ts'

/** The primary key of a record of `storeName` at its key path, or a DataError as IndexedDB throws when it has none. */
export function recordKey(storeName: string, keyPath: StoreLayout['keyPath'], value: unknown): IDBValidKey {
  const key =
    value !== null && typeof value === 'object'
      ? typeof keyPath === 'string'
        ? (value as Record<string, unknown>)[keyPath]
        : keyPath.map((part) => (value as Record<string, unknown>)[part])
      : undefined
  if (!isValidKey(key)) {
    throw new DOMException(`Failed to store a record in "${storeName}": it has no valid key at ${JSON.stringify(keyPath)}`, 'DataError')
  }
  return key
}
