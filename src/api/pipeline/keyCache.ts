import type { ReadonlyRecord } from '../domain/readonlyRecord.ts'
import type { KeyRecord } from '../store/records.ts'

/**
 * Keys this instance has read, by the hash of their plaintext, each with the
 * tag its key's activity record carried (or was given) when it was read.
 *
 * A request reads the key's activity record anyway, for the rate limit. Its
 * `keyTag` stands for "the key record is as it was when a transaction read it
 * with this tag": whatever changes a key record or replaces the store takes
 * the tag away in the same transaction (revocation clears it, an import or a
 * reset writes activity without tags), and only a request that read the key
 * in its own transaction writes one. So a request whose activity record
 * carries the tag cached here uses the cached key without reading it, and the
 * check is as exact as the read it saves, in every tab and process: it runs
 * inside the request's transaction. Any other tag, or none, and the key is
 * read. See docs/decisions/033-key-cache-tags.md.
 */
export interface CachedKey {
  key: ReadonlyRecord<KeyRecord>
  tag: string
}

/** Bounded, so a client cycling through many keys cannot grow it without end. */
const CAPACITY = 4096

export class KeyCache {
  readonly #byHash = new Map<string, CachedKey>()
  /** A tag no other reader, in any tab or process, could have written: random. */
  readonly #newTag: () => string

  constructor(newTag: () => string) {
    this.#newTag = newTag
  }

  /**
   * Caches `key`, just read in a transaction whose window for it carries
   * `windowTag`, and returns the tag the window is to carry from then on: the
   * one it has, which still stands since this read found the key as the tag
   * says, or a new one. Keeping a standing tag lets two tabs use one key
   * without making each other read it.
   */
  remember(hash: string, key: ReadonlyRecord<KeyRecord>, windowTag: string | undefined): string {
    const tag = windowTag ?? this.#newTag()
    this.set(hash, key, tag)
    return tag
  }

  get(hash: string): CachedKey | undefined {
    return this.#byHash.get(hash)
  }

  set(hash: string, key: ReadonlyRecord<KeyRecord>, tag: string): void {
    if (this.#byHash.size >= CAPACITY && !this.#byHash.has(hash)) {
      // Maps iterate in insertion order: the first entry is the oldest.
      const oldest = this.#byHash.keys().next().value
      if (oldest !== undefined) this.#byHash.delete(oldest)
    }
    this.#byHash.set(hash, { key, tag })
  }

  delete(hash: string): void {
    this.#byHash.delete(hash)
  }

  get size(): number {
    return this.#byHash.size
  }
}
