/**
 * What never changes about a key once issued: its id and its project, by the
 * hash of its plaintext. Knowing them before the key is read lets a request
 * ask the store for the key, its window and its usage bucket at once, one
 * wait instead of two. The key itself is still read by every request, in the
 * same transaction, so a revocation or expiry is seen at once in every tab;
 * an entry that no longer matches what the store holds (an import replaced
 * the workspace) is dropped and the request reads in order.
 */
export interface KeyIds {
  id: string
  projectId: string
}

/** Bounded, so a client cycling through many keys cannot grow it without end. */
const CAPACITY = 4096

export class KeyIdCache {
  readonly #byHash = new Map<string, KeyIds>()

  get(hash: string): KeyIds | undefined {
    return this.#byHash.get(hash)
  }

  set(hash: string, ids: KeyIds): void {
    if (this.#byHash.size >= CAPACITY && !this.#byHash.has(hash)) {
      // Maps iterate in insertion order: the first entry is the oldest.
      const oldest = this.#byHash.keys().next().value
      if (oldest !== undefined) this.#byHash.delete(oldest)
    }
    this.#byHash.set(hash, { id: ids.id, projectId: ids.projectId })
  }

  delete(hash: string): void {
    this.#byHash.delete(hash)
  }

  get size(): number {
    return this.#byHash.size
  }
}
