/**
 * A deep copy of a stored record, so a caller editing what it read (or what
 * it wrote) cannot change the store behind a transaction's back, as
 * IndexedDB's structured clone guarantees.
 * @note Records are JSON-shaped (objects, arrays, strings, numbers, booleans,
 * null); copying that shape directly costs a fraction of `structuredClone`,
 * which matters on every request. Anything else is refused like IndexedDB's
 * DataCloneError.
 */
export function cloneRecord<T>(value: T): T {
  return walk(value, true) as T
}

/** The value itself, once checked as `cloneRecord` checks it: for a value handed over, which needs no copy. */
export function checkedRecord<T>(value: T): T {
  return walk(value, false) as T
}

/** Checks that `value` is JSON-shaped; returns a deep copy of it when `copying`, else the value itself. */
function walk(value: unknown, copying: boolean): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') refuse(value)
    return value
  }
  if (Array.isArray(value)) {
    // `slice` copies an array of numbers or strings in one step; only other items need a look.
    const result: unknown[] = copying ? value.slice() : value
    for (let index = 0; index < result.length; index++) {
      const item = result[index]
      if (typeof item === 'number' || typeof item === 'string') continue
      const walked = walk(item, copying)
      if (copying) result[index] = walked
    }
    return result
  }
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) refuse(value)
  const result: Record<string, unknown> = copying ? {} : (value as Record<string, unknown>)
  for (const name of Object.keys(value)) {
    const walked = walk((value as Record<string, unknown>)[name], copying)
    if (copying) result[name] = walked
  }
  return result
}

function refuse(value: unknown): never {
  throw new DOMException(`Failed to store a record: ${Object.prototype.toString.call(value)} is not JSON-shaped data`, 'DataCloneError')
}
