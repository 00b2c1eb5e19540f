/**
 * The request journal: the last requests the API answered, with what was
 * sent and answered, for a test to ask "which requests did my app make?".
 * A ring buffer: recording costs one slot whatever the traffic, and the
 * oldest entry makes room for the newest.
 */
import type { FromSchema } from 'json-schema-to-ts'
import type { journalEntrySchema } from '../contract/journalSchema.ts'

/** One answered request as recorded; its schema is the one the control API documents. */
export type JournalEntry = FromSchema<typeof journalEntrySchema>

/** One side of an exchange as recorded. */
export type JournalMessage = JournalEntry['request']

/** Bodies are kept up to this many characters (4 KB of ASCII). */
export const JOURNAL_BODY_LIMIT = 4096
export const DEFAULT_JOURNAL_CAPACITY = 1000

export class RequestJournal {
  readonly capacity: number
  readonly #slots: (JournalEntry | undefined)[]
  #next = 0
  #size = 0

  constructor(capacity = DEFAULT_JOURNAL_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`Failed to create the request journal: the capacity ${capacity} is not a positive integer.`)
    }
    this.capacity = capacity
    this.#slots = new Array(capacity)
  }

  get size(): number {
    return this.#size
  }

  record(entry: JournalEntry): void {
    this.#slots[this.#next] = entry
    this.#next = (this.#next + 1) % this.capacity
    if (this.#size < this.capacity) this.#size += 1
  }

  /** Every entry kept, newest first. */
  *newestFirst(): Generator<JournalEntry> {
    for (let step = 1; step <= this.#size; step++) {
      const entry = this.#slots[(this.#next - step + this.capacity) % this.capacity]
      if (entry) yield entry
    }
  }

  /** The newest entry with this request id, if it is still kept: a host that answered a request looks up its record. */
  find(requestId: string): JournalEntry | undefined {
    for (const entry of this.newestFirst()) if (entry.requestId === requestId) return entry
    return undefined
  }

  clear(): void {
    this.#slots.fill(undefined)
    this.#next = 0
    this.#size = 0
  }
}
