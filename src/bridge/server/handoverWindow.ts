/**
 * The moments after a tab leaves (a reload, a hand-over to another tab): a
 * request that finds no tab waits for one to connect instead of failing at
 * once, and a request for a key only the departed tab held waits for its
 * successor rather than going to a tab that cannot know the key.
 */
export class HandoverWindow {
  #lastLeftAt: number | null = null
  /** The keys of the tabs that left within the window. */
  #departedKeys = new Set<string>()
  readonly #handoverMs: number
  readonly #now: () => number

  constructor(handoverMs: number, now: () => number) {
    this.#handoverMs = handoverMs
    this.#now = now
  }

  /** A tab left, holding these keys (by their last four characters); the window opens again from now. */
  left(lastFour: Iterable<string>): void {
    const now = this.#now()
    if (!this.isOpen(now)) this.#departedKeys = new Set()
    for (const key of lastFour) this.#departedKeys.add(key)
    this.#lastLeftAt = now
  }

  isOpen(now = this.#now()): boolean {
    return this.#lastLeftAt !== null && now < this.#lastLeftAt + this.#handoverMs
  }

  /** Milliseconds until the window closes: zero or less when it is closed, zero when no tab ever left. */
  remainingMs(): number {
    return this.#lastLeftAt === null ? 0 : this.#lastLeftAt + this.#handoverMs - this.#now()
  }

  /** Whether a request for the key `hint`, which the chosen tab does not hold, should wait for the successor of the tab that did. */
  awaitsSuccessor(hint: string | null, chosenHolds: boolean): boolean {
    return hint !== null && !chosenHolds && this.#departedKeys.has(hint) && this.isOpen()
  }
}
