/**
 * Which key a load generator sends next so that every request stays a 200:
 * each key serves `perKey` requests, then rests until a whole window has
 * passed since its last one (the limit counts a key's requests over the last
 * window, so only then does a new stretch start from none). When every key is resting the pool is too small for the rate
 * reached: the next request would be refused, so it is counted as `overdrawn`
 * and the run that reads it fails rather than measure refusals.
 */
export interface KeyRotation {
  next(): string
  /** Requests handed a key that was still resting (each will be refused). */
  readonly overdrawn: number
}

export function keyRotation(pool: readonly string[], perKey: number, windowMs: number, now = () => performance.now()): KeyRotation {
  if (pool.length === 0) throw new Error('Failed to rotate keys: the pool is empty.')
  // For each key: when it last served a request and how many it has served in its current stretch.
  const lastAt = pool.map(() => Number.NEGATIVE_INFINITY)
  const served = pool.map(() => 0)
  let current = 0
  let overdrawn = 0
  return {
    next() {
      const at = now()
      if (served[current] === perKey) {
        // The next key in turn is usable once it has rested a whole window.
        const candidate = (current + 1) % pool.length
        if (at - (lastAt[candidate] as number) < windowMs) overdrawn++
        else {
          current = candidate
          served[current] = 0
        }
      }
      lastAt[current] = at
      if ((served[current] as number) < perKey) served[current] = (served[current] as number) + 1
      return pool[current] as string
    },
    get overdrawn() {
      return overdrawn
    },
  }
}
