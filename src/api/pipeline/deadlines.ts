interface Deadline {
  at: number
  onExpiry: () => void
}

/** A browser's timer, or Node's, which can be told not to hold the process open. */
type Timer = ReturnType<typeof setTimeout> & { unref?: () => unknown }

/**
 * Deadlines of one length, watched by one timer. Each request's transaction
 * gets one, and nearly every one is released long before it falls due.
 * @note A timer per request cost a timer-list insert and removal on every
 * request. Deadlines of one length fall due in the order they were set, so
 * the timer only ever waits for the oldest, and a release only forgets its
 * deadline. In Node the timer never holds the process open (it may stay
 * armed after the last release): a host that serves requests is held open by
 * what it serves them from.
 */
export class Deadlines {
  readonly #pending = new Set<Deadline>()
  readonly #ms: number
  readonly #now: () => number
  #timer: Timer | undefined

  constructor(ms: number, now: () => number = () => performance.now()) {
    this.#ms = ms
    this.#now = now
  }

  /** Calls `onExpiry` once `ms` have passed, unless the returned release is called first. */
  set(onExpiry: () => void): () => void {
    const deadline: Deadline = { at: this.#now() + this.#ms, onExpiry }
    if (!this.#timer) this.#arm(this.#ms)
    this.#pending.add(deadline)
    return () => {
      this.#pending.delete(deadline)
    }
  }

  #arm(delay: number): void {
    const timer: Timer = setTimeout(() => this.#fire(), delay)
    timer.unref?.()
    this.#timer = timer
  }

  /** Expires what fell due and waits for the oldest left; the timer is armed again before any expiry runs, so one that throws stops no other. */
  #fire(): void {
    this.#timer = undefined
    const now = this.#now()
    const expired: Deadline[] = []
    for (const deadline of this.#pending) {
      if (deadline.at > now) {
        this.#arm(deadline.at - now)
        break
      }
      this.#pending.delete(deadline)
      expired.push(deadline)
    }
    for (const deadline of expired) deadline.onExpiry()
  }
}
