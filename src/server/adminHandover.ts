/**
 * The one-time link `serve` prints: its code, traded once on the server's
 * own origin for the admin token, hands the token to the playground without
 * anyone typing it, and without the token ever being in an address.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'

/** Where the page trades its code (the playground's `adminHandover.ts` asks here). */
export const HANDOVER_PATH = '/_playground/handover'

/** A link left lying around stops working. */
export const HANDOVER_TTL_MS = 15 * 60_000

export class AdminHandover {
  #code: string | undefined
  #expiresAt = 0
  #onUsed: (() => void) | undefined
  readonly #token: () => string | undefined
  readonly #origin: () => string

  constructor(token: () => string | undefined, origin: () => string) {
    this.#token = token
    this.#origin = origin
  }

  /** Runs `callback` once the current code is traded (what hands it to the browser is then cleaned up). */
  whenUsed(callback: () => void): void {
    this.#onUsed = callback
  }

  /** A fresh code; any earlier one stops working. */
  issue(now = Date.now()): string {
    this.#code = randomBytes(24).toString('base64url')
    this.#expiresAt = now + HANDOVER_TTL_MS
    return this.#code
  }

  /** The link to print or open. */
  link(code: string): string {
    return `${this.#origin()}/#handover=${code}`
  }

  /**
   * Answers `POST /_playground/handover` `{ "code": "…" }`: the token, once,
   * to the server's own page only (a browser names the page's origin on a POST).
   */
  async answer(request: Request, now = Date.now()): Promise<Response> {
    const refuse = (status: number, detail: string) =>
      Response.json(
        { status, title: 'Hand-over refused', detail: `Failed to hand over the admin token: ${detail}` },
        { status, headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' } },
      )
    if (request.method !== 'POST') return refuse(405, 'send POST.')
    if (request.headers.get('origin') !== this.#origin()) return refuse(403, 'only the playground this server serves may ask.')
    let code: unknown
    try {
      code = ((await request.json()) as { code?: unknown }).code
    } catch {
      return refuse(400, 'the body is not JSON.')
    }
    const expected = this.#code
    const token = this.#token()
    if (typeof code !== 'string' || !expected || !token || now > this.#expiresAt || !sameText(code, expected)) {
      return refuse(403, 'the link is used, expired or wrong; run the command again or type the admin token.')
    }
    this.#code = undefined
    this.#onUsed?.()
    this.#onUsed = undefined
    return Response.json({ token }, { headers: { 'Cache-Control': 'no-store' } })
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
