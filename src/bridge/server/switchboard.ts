/**
 * The server's table of connected tabs and of requests waiting for one. Every
 * request settles exactly once: answered, or 503 because no tab is open or
 * the one that has it does not answer in time. Transport-free: the HTTP layer
 * feeds it connections and replies.
 */

import { randomBytes, randomUUID } from 'node:crypto'
import type { ForwardedReply, ForwardedRequest, Hello } from '../protocol.ts'
import { HandoverWindow } from './handoverWindow.ts'
import { declinesKey, type Outcome } from './outcome.ts'

export interface SwitchboardOptions {
  /** How long a tab may take to answer, from the request's arrival. */
  timeoutMs: number
  /** How long a request waits for a tab to connect after the last one left (a reload, a hand-over between tabs). */
  handoverMs: number
  /** The clock, epoch milliseconds. */
  now?: () => number
}

interface Responder {
  hello: Hello
  /** Later connections rank first: the tab opened last is the one a person is looking at. */
  rank: number
  lastFour: Set<string>
  send(request: ForwardedRequest): void
  inFlight: Set<string>
}

interface Pending {
  request: ForwardedRequest
  hint: string | null
  /** Tokens of the tabs this request was sent to; the first reply from any of them wins. */
  sentTo: Set<string>
  /** Tokens of the tabs that answered that their database does not know the key. */
  declined: Set<string>
  assignedTo: string | null
  lastDecline: Extract<Outcome, { kind: 'answered' }> | null
  deadline: ReturnType<typeof setTimeout>
  handover: ReturnType<typeof setTimeout> | null
  resolve(outcome: Outcome): void
}

export class Switchboard {
  private readonly responders = new Map<string, Responder>()
  private readonly pending = new Map<string, Pending>()
  private readonly handover: HandoverWindow
  private nextRank = 0

  constructor(private readonly options: SwitchboardOptions) {
    this.handover = new HandoverWindow(options.handoverMs, options.now ?? Date.now)
  }

  /** Registers a tab's event stream; `send` writes one request to it. */
  connect(send: (request: ForwardedRequest) => void): Hello {
    const hello: Hello = { responderId: randomUUID(), token: randomBytes(32).toString('base64url') }
    this.responders.set(hello.token, { hello, rank: this.nextRank++, lastFour: new Set(), send, inFlight: new Set() })
    this.dispatchWaiting()
    return hello
  }

  /** A tab's stream closed: what it had not answered goes to the next tab, or waits for one. */
  disconnect(token: string): void {
    const responder = this.responders.get(token)
    if (!responder) return
    this.responders.delete(token)
    this.handover.left(responder.lastFour)
    for (const id of responder.inFlight) {
      const entry = this.pending.get(id)
      if (!entry) continue
      entry.assignedTo = null
      this.dispatch(entry)
    }
  }

  /** Records which keys a tab's database holds; false for an unknown token. */
  hint(token: string, lastFour: readonly string[]): boolean {
    const responder = this.responders.get(token)
    if (!responder) return false
    responder.lastFour = new Set(lastFour)
    this.dispatchWaiting()
    return true
  }

  /** Whether a token belongs to a connected tab. */
  knows(token: string): boolean {
    return this.responders.has(token)
  }

  get connected(): number {
    return this.responders.size
  }

  get waiting(): number {
    return this.pending.size
  }

  /** Hands a request to a tab (the one holding the key's last four first) and settles once. */
  forward(request: ForwardedRequest, hint: string | null): Promise<Outcome> {
    return new Promise((resolve) => {
      const entry: Pending = {
        request,
        hint,
        sentTo: new Set(),
        declined: new Set(),
        assignedTo: null,
        lastDecline: null,
        handover: null,
        deadline: setTimeout(() => this.expire(entry), this.options.timeoutMs),
        resolve,
      }
      this.pending.set(request.id, entry)
      this.dispatch(entry)
    })
  }

  /**
   * A tab's reply. Only the first reply to a request counts, and only from a
   * tab the request was sent to: 'accepted', or 'unknown' for anything else
   * (already answered, timed out, or never sent to that tab).
   */
  reply(token: string, reply: ForwardedReply): 'accepted' | 'unknown' {
    const entry = this.pending.get(reply.id)
    if (!entry?.sentTo.has(token)) return 'unknown'
    if ('failure' in reply) {
      this.settle(entry, { kind: 'failed', failure: reply.failure })
      return 'accepted'
    }
    const outcome = { kind: 'answered', reply } as const
    if (declinesKey(reply)) {
      entry.declined.add(token)
      entry.lastDecline = outcome
      this.release(entry)
      this.dispatch(entry)
      return 'accepted'
    }
    this.settle(entry, outcome)
    return 'accepted'
  }

  /** Settles everything still waiting as not open (the server is closing). */
  close(): void {
    for (const entry of [...this.pending.values()]) this.settle(entry, { kind: 'not_open' })
    this.responders.clear()
  }

  private candidates(entry: Pending): Responder[] {
    const { hint } = entry
    return [...this.responders.values()]
      .filter((responder) => !entry.declined.has(responder.hello.token))
      .sort((a, b) => {
        const aHolds = hint !== null && a.lastFour.has(hint)
        const bHolds = hint !== null && b.lastFour.has(hint)
        return aHolds === bHolds ? b.rank - a.rank : aHolds ? -1 : 1
      })
  }

  private dispatchWaiting(): void {
    for (const entry of [...this.pending.values()]) if (entry.assignedTo === null) this.dispatch(entry)
  }

  private dispatch(entry: Pending, windowOver = false): void {
    const [chosen] = this.candidates(entry)
    if (chosen && (windowOver || !this.handover.awaitsSuccessor(entry.hint, entry.hint !== null && chosen.lastFour.has(entry.hint)))) {
      if (entry.handover) clearTimeout(entry.handover)
      entry.handover = null
      entry.assignedTo = chosen.hello.token
      entry.sentTo.add(chosen.hello.token)
      chosen.inFlight.add(entry.request.id)
      try {
        chosen.send(entry.request)
      } catch {
        this.disconnect(chosen.hello.token)
      }
      return
    }
    // Nobody (else) to ask: wait out the hand-over window for a tab to (re)connect, then give the best answer there is.
    const wait = this.handover.remainingMs()
    if (windowOver || (chosen === undefined && wait <= 0)) {
      this.settle(entry, entry.lastDecline ?? { kind: 'not_open' })
      return
    }
    entry.handover ??= setTimeout(
      () => {
        entry.handover = null
        this.dispatch(entry, true)
      },
      Math.max(wait, 0),
    )
  }

  private expire(entry: Pending): void {
    if (entry.lastDecline && entry.assignedTo === null) this.settle(entry, entry.lastDecline)
    else this.settle(entry, entry.sentTo.size > 0 ? { kind: 'timeout' } : { kind: 'not_open' })
  }

  private release(entry: Pending): void {
    if (entry.assignedTo !== null) this.responders.get(entry.assignedTo)?.inFlight.delete(entry.request.id)
    entry.assignedTo = null
  }

  private settle(entry: Pending, outcome: Outcome): void {
    if (this.pending.get(entry.request.id) !== entry) return
    this.pending.delete(entry.request.id)
    clearTimeout(entry.deadline)
    if (entry.handover) clearTimeout(entry.handover)
    this.release(entry)
    entry.resolve(outcome)
  }
}
