/**
 * The signal the playground follows the request journal by on `serve`: an
 * event stream that says "the journal grew" after each API answer is
 * written, so a request curl sent shows in the page's history as soon as
 * the page reads the journal, instead of at its next poll. The stream says
 * nothing about the requests themselves: the page reads them through the
 * control API, behind the same token, so there is one way to read them.
 */
import type { ServerResponse } from 'node:http'
import { authoriseControl, ControlError, refusalOf } from '../api/core.ts'
import { requestIdOf } from './hostProblem.ts'
import { writeFetchResponse } from './nodeHttpAdapter.ts'

/** Where the page opens the stream (the playground's `journalSignal.ts` asks here, below the site's root). */
export const JOURNAL_EVENTS_PATH = '/_playground/journal-events'

/** An idle stream gets a comment this often, so a connection that died unnoticed is found and dropped. */
const HEARTBEAT_MS = 15_000
const GREW = 'event: journal\ndata: {}\n\n'

export class JournalEvents {
  readonly #streams = new Set<ServerResponse>()
  readonly #token: () => string | undefined
  #queued = false
  #heartbeat: ReturnType<typeof setInterval> | undefined

  /** `token`: the admin token the stream demands, as every control call does. */
  constructor(token: () => string | undefined) {
    this.#token = token
  }

  get open(): number {
    return this.#streams.size
  }

  /**
   * The journal grew. A burst of requests is one signal per turn of the event
   * loop, not one per request: the page reads the whole journal anyway.
   */
  grew(): void {
    if (this.#streams.size === 0 || this.#queued) return
    this.#queued = true
    setImmediate(() => {
      this.#queued = false
      for (const stream of this.#streams) stream.write(GREW)
    })
  }

  /** Answers `GET /_playground/journal-events`: the stream, to a caller with the admin token. */
  async answer(request: Request, outgoing: ServerResponse): Promise<void> {
    const refused = refusalOf(
      () => {
        if (request.method !== 'GET') {
          throw new ControlError('method_not_allowed', 'Failed to open the journal events: send GET.', { headers: { Allow: 'GET' } })
        }
        authoriseControl(request, this.#token())
      },
      requestIdOf(request.headers.get('x-request-id')),
    )
    if (refused) return writeFetchResponse(outgoing, refused, {}, false)
    outgoing.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    })
    outgoing.write(': following the request journal\n\n')
    this.#streams.add(outgoing)
    this.#heartbeat ??= setInterval(() => {
      for (const stream of this.#streams) stream.write(': keep-alive\n\n')
    }, HEARTBEAT_MS).unref()
    outgoing.on('close', () => {
      this.#streams.delete(outgoing)
      if (this.#streams.size === 0) {
        clearInterval(this.#heartbeat)
        this.#heartbeat = undefined
      }
    })
  }

  /** Ends every stream (the server is stopping). */
  close(): void {
    for (const stream of this.#streams) stream.end()
    this.#streams.clear()
    clearInterval(this.#heartbeat)
    this.#heartbeat = undefined
  }
}
