/**
 * The request journal: the last requests the API answered, with what was
 * sent and answered, for a test to ask "which requests did my app make?".
 * A ring buffer: recording costs one slot whatever the traffic, and the
 * oldest entry makes room for the newest.
 */
import type { ApiAnswer, ApiRequest } from './exchange.ts'
import { captureExchange, type JournalCapture, type JournalEntry, type JournalFacts, journalEntry } from './journalEntry.ts'
import { secretSpellings } from './journalRedaction.ts'

export const DEFAULT_JOURNAL_CAPACITY = 1000

/**
 * The ring is a column per field: strings and numbers, no object per entry.
 * Objects a request allocated would outlive it here by a thousand requests,
 * and V8 would then allocate the request path's objects straight into the old
 * generation (allocation-site pretenuring), where they pile up as garbage
 * between full collections. Recording only copies what the answer already
 * holds; entries are formatted when read, and each read is a fresh copy no
 * caller can change under another. See docs/decisions/030-journal-columns.md.
 */
export class RequestJournal {
  readonly capacity: number
  readonly #requestIds: (string | undefined)[]
  readonly #at: Float64Array
  readonly #durationMs: Float64Array
  readonly #methods: string[]
  readonly #urls: string[]
  readonly #operationIds: (string | null)[]
  readonly #statuses: Uint16Array
  readonly #keyIds: (string | null)[]
  readonly #keyLabels: (string | null)[]
  readonly #requestHeaders: string[]
  readonly #requestBodies: (string | null)[]
  readonly #responseHeaders: string[]
  readonly #responseBodies: (string | null)[]
  /** Bit 1: the request's body was cut; bit 2: the response's. */
  readonly #truncated: Uint8Array
  #next = 0
  #size = 0
  readonly #adminToken: () => string | undefined
  #spelt: { token: string | undefined; spellings: readonly string[] } = { token: undefined, spellings: [] }

  /** `adminToken` is the host's, read as each exchange is kept: it is redacted wherever a request carries it. */
  constructor(capacity = DEFAULT_JOURNAL_CAPACITY, adminToken: () => string | undefined = () => undefined) {
    this.#adminToken = adminToken
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`Failed to create the request journal: the capacity ${capacity} is not a positive integer.`)
    }
    this.capacity = capacity
    this.#requestIds = new Array(capacity)
    this.#at = new Float64Array(capacity)
    this.#durationMs = new Float64Array(capacity)
    this.#methods = new Array(capacity)
    this.#urls = new Array(capacity)
    this.#operationIds = new Array(capacity)
    this.#statuses = new Uint16Array(capacity)
    this.#keyIds = new Array(capacity)
    this.#keyLabels = new Array(capacity)
    this.#requestHeaders = new Array(capacity)
    this.#requestBodies = new Array(capacity)
    this.#responseHeaders = new Array(capacity)
    this.#responseBodies = new Array(capacity)
    this.#truncated = new Uint8Array(capacity)
  }

  get size(): number {
    return this.#size
  }

  /** Keeps one answered exchange, redacted and bounded (see `captureExchange`). */
  record(request: ApiRequest, answer: ApiAnswer, facts: JournalFacts): void {
    const token = this.#adminToken()
    if (token !== this.#spelt.token) this.#spelt = { token, spellings: secretSpellings(token) }
    this.#keep(captureExchange(request, answer, facts, this.#spelt.spellings))
  }

  /** Every entry kept, newest first. */
  *newestFirst(): Generator<JournalEntry> {
    for (let step = 1; step <= this.#size; step++) yield this.#entry(this.#slot(step))
  }

  /** The newest entry with this request id, if it is still kept: a host that answered a request looks up its record. */
  find(requestId: string): JournalEntry | undefined {
    for (let step = 1; step <= this.#size; step++) {
      const slot = this.#slot(step)
      if (this.#requestIds[slot] === requestId) return this.#entry(slot)
    }
    return undefined
  }

  clear(): void {
    const strings: unknown[][] = [this.#requestIds, this.#methods, this.#urls, this.#operationIds, this.#keyIds, this.#keyLabels]
    strings.push(this.#requestHeaders, this.#requestBodies, this.#responseHeaders, this.#responseBodies)
    for (const column of strings) column.fill(undefined)
    this.#next = 0
    this.#size = 0
  }

  #keep(capture: JournalCapture): void {
    const slot = this.#next
    this.#requestIds[slot] = capture.requestId
    this.#at[slot] = capture.at
    this.#durationMs[slot] = capture.durationMs
    this.#methods[slot] = capture.method
    this.#urls[slot] = capture.url
    this.#operationIds[slot] = capture.operationId
    this.#statuses[slot] = capture.status
    this.#keyIds[slot] = capture.keyId
    this.#keyLabels[slot] = capture.keyLabel
    this.#requestHeaders[slot] = capture.requestHeaders
    this.#requestBodies[slot] = capture.requestBody
    this.#responseHeaders[slot] = capture.responseHeaders
    this.#responseBodies[slot] = capture.responseBody
    this.#truncated[slot] = (capture.requestBodyTruncated ? 1 : 0) | (capture.responseBodyTruncated ? 2 : 0)
    this.#next = (slot + 1) % this.capacity
    if (this.#size < this.capacity) this.#size += 1
  }

  #entry(slot: number): JournalEntry {
    const truncated = this.#truncated[slot] ?? 0
    return journalEntry({
      requestId: this.#requestIds[slot] ?? '',
      at: this.#at[slot] ?? 0,
      durationMs: this.#durationMs[slot] ?? 0,
      method: this.#methods[slot] ?? '',
      url: this.#urls[slot] ?? '',
      operationId: this.#operationIds[slot] ?? null,
      status: this.#statuses[slot] ?? 0,
      keyId: this.#keyIds[slot] ?? null,
      keyLabel: this.#keyLabels[slot] ?? null,
      requestHeaders: this.#requestHeaders[slot] ?? '',
      requestBody: this.#requestBodies[slot] ?? null,
      requestBodyTruncated: (truncated & 1) !== 0,
      responseHeaders: this.#responseHeaders[slot] ?? '',
      responseBody: this.#responseBodies[slot] ?? null,
      responseBodyTruncated: (truncated & 2) !== 0,
    })
  }

  /** The slot of the entry `step` places back from the newest (1 is the newest). */
  #slot(step: number): number {
    return (this.#next - step + this.capacity) % this.capacity
  }
}
