/**
 * The sandbox clock: real time plus an offset a test can move. The core reads
 * `now` on every request, so a move applies to the next request at once.
 */
export class SandboxClock {
  #offsetMs: number
  readonly #realNow: () => number

  /** @param realNow the real clock; `Date.now` outside tests. */
  constructor(offsetMs = 0, realNow: () => number = Date.now) {
    this.#offsetMs = offsetMs
    this.#realNow = realNow
  }

  /** Epoch milliseconds by the sandbox clock; bound, to hand to `createSandboxCore({ now })`. */
  readonly now = (): number => this.#realNow() + this.#offsetMs

  get offsetMs(): number {
    return this.#offsetMs
  }

  /** From now on the clock shows `instant` and runs on from there. */
  set(instant: number): void {
    this.#offsetMs = instant - this.#realNow()
  }

  advance(ms: number): void {
    this.#offsetMs += ms
  }

  /** Back to real time. */
  reset(): void {
    this.#offsetMs = 0
  }
}
