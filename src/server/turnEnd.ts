/**
 * The end of the current turn of the event loop, as one promise shared by
 * everything that waits for it in the turn. The server writes its answers
 * there, together.
 * @note Under load, one turn answers many connections. Written one by one as
 * each answer is ready, each write to a client that sits waiting in its event
 * loop wakes that client, and on a virtual machine the wake-up costs more than
 * the write itself. Written together at the end of the turn, the client wakes
 * once and finds them all. Nothing waits past the turn, so a lone request is
 * not delayed.
 */
export class TurnEnd {
  #pending: Promise<void> | undefined
  readonly #schedule: (run: () => void) => void

  constructor(schedule: (run: () => void) => void = (run) => setImmediate(run)) {
    this.#schedule = schedule
  }

  /** Settles once the turn's I/O callbacks (and the microtasks they queued) have run. */
  wait(): Promise<void> {
    this.#pending ??= new Promise<void>((resolve) => {
      this.#schedule(() => {
        this.#pending = undefined
        resolve()
      })
    })
    return this.#pending
  }
}
