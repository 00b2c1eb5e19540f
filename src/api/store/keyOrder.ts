/**
 * IndexedDB's key order for the keys this schema uses (numbers, strings and
 * arrays of them): numbers before strings before arrays; strings by UTF-16
 * code unit, as JavaScript's `<` compares them; arrays item by item.
 */
export function compareKeys(a: IDBValidKey, b: IDBValidKey): number {
  const rankA = rank(a)
  const rankB = rank(b)
  if (rankA !== rankB) return rankA - rankB
  if (Array.isArray(a) && Array.isArray(b)) {
    const length = Math.min(a.length, b.length)
    for (let index = 0; index < length; index++) {
      const order = compareKeys(a[index] as IDBValidKey, b[index] as IDBValidKey)
      if (order !== 0) return order
    }
    return a.length - b.length
  }
  return a < b ? -1 : a > b ? 1 : 0
}

function rank(key: IDBValidKey): number {
  if (typeof key === 'number') return 0
  if (typeof key === 'string') return 2
  if (Array.isArray(key)) return 4
  throw new TypeError(`Failed to compare keys: ${Object.prototype.toString.call(key)} keys are not used by this store`)
}

/** A Map key for an IndexedDB key: the string itself, or JSON for the rest (arrays). */
export function keyText(key: IDBValidKey): string {
  return typeof key === 'string' ? key : JSON.stringify(key)
}

/** Whether a value is a key this store accepts: a finite number, a string, or an array of those. */
export function isValidKey(value: unknown): value is IDBValidKey {
  if (typeof value === 'string') return true
  if (typeof value === 'number') return Number.isFinite(value)
  return Array.isArray(value) && value.every(isValidKey)
}
