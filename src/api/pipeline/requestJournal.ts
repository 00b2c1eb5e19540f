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

/**
 * Each entry is kept as its JSON text, beside its request id. Objects a
 * request allocated would outlive it here by a thousand requests, and V8
 * would then allocate the request path's objects straight into the old
 * generation (allocation-site pretenuring), where they pile up as garbage
 * between full collections. Text keeps nothing of the request alive, and
 * every read returns a fresh copy that no caller can change under another.
 * See docs/decisions/030-journal-as-text.md.
 */
export class RequestJournal {
  readonly capacity: number
  readonly #texts: (string | undefined)[]
  readonly #requestIds: (string | undefined)[]
  #next = 0
  #size = 0

  constructor(capacity = DEFAULT_JOURNAL_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`Failed to create the request journal: the capacity ${capacity} is not a positive integer.`)
    }
    this.capacity = capacity
    this.#texts = new Array(capacity)
    this.#requestIds = new Array(capacity)
  }

  get size(): number {
    return this.#size
  }

  record(entry: JournalEntry): void {
    this.#texts[this.#next] = JSON.stringify(entry)
    this.#requestIds[this.#next] = entry.requestId
    this.#next = (this.#next + 1) % this.capacity
    if (this.#size < this.capacity) this.#size += 1
  }

  /** Every entry kept, newest first. */
  *newestFirst(): Generator<JournalEntry> {
    for (let step = 1; step <= this.#size; step++) {
      const text = this.#texts[this.#slot(step)]
      if (text !== undefined) yield JSON.parse(text) as JournalEntry
    }
  }

  /** The newest entry with this request id, if it is still kept: a host that answered a request looks up its record. */
  find(requestId: string): JournalEntry | undefined {
    for (let step = 1; step <= this.#size; step++) {
      const slot = this.#slot(step)
      const text = this.#texts[slot]
      if (this.#requestIds[slot] === requestId && text !== undefined) return JSON.parse(text) as JournalEntry
    }
    return undefined
  }

  clear(): void {
    this.#texts.fill(undefined)
    this.#requestIds.fill(undefined)
    this.#next = 0
    this.#size = 0
  }

  /** The slot of the entry `step` places back from the newest (1 is the newest). */
  #slot(step: number): number {
    return (this.#next - step + this.capacity) % this.capacity
  }
}
