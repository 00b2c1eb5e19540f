interface Deadline {
  at: number
  onExpiry: () => void
}

/** What a Node timer adds to a browser's: whether it alone keeps the process alive. */
type Timer = ReturnType<typeof setTimeout> & { ref?: () => unknown; unref?: () => unknown }

/**
 * Deadlines of one length, watched by one timer. Each request's transaction
 * gets one, and nearly every one is released long before it falls due.
 * @note A timer per request cost a timer-list insert and removal on every
 * request. Deadlines of one length fall due in the order they were set, so
 * the timer only ever waits for the oldest. While none is pending the timer
 * stays armed but, in Node, no longer keeps the process alive.
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
    if (this.#pending.size === 0) {
      if (this.#timer) this.#timer.ref?.()
      else this.#arm(this.#ms)
    }
    this.#pending.add(deadline)
    return () => {
      if (this.#pending.delete(deadline) && this.#pending.size === 0) this.#timer?.unref?.()
    }
  }

  #arm(delay: number): void {
    this.#timer = setTimeout(() => this.#fire(), delay) as Timer
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
