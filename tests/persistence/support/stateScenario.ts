/**
 * Random sessions for the state round-trip property: clock moves to random
 * instants (the range's edges included, and moves off it, which must change
 * nothing), keys issued and revoked, and API requests of several kinds.
 * Host-free: each host's test runs the steps through its own control and API calls.
 */
import fc from 'fast-check'
import { EARLIEST_CLOCK_MS, LATEST_CLOCK_MS } from '../../../src/api/core.ts'

export interface Answer {
  status: number
  body: unknown
}

export interface Host {
  control(method: string, path: string, body?: unknown): Promise<Answer>
  api(key: string, method: string, path: string, body?: unknown): Promise<Answer>
}

export type Step =
  | { kind: 'jump'; at: number }
  | { kind: 'advance'; ms: number }
  | { kind: 'issue'; scopes: string[] }
  | { kind: 'revoke'; which: number }
  | { kind: 'request'; which: number; operation: 'status' | 'usage' | 'validate' | 'unknown' }
  | { kind: 'realTime' }

const EDGES = [EARLIEST_CLOCK_MS, EARLIEST_CLOCK_MS + 1, LATEST_CLOCK_MS - 1, LATEST_CLOCK_MS]
/** Instants the clock must refuse: just off the range, the Date range's ends, and the probe's own. */
const OFF_RANGE = [EARLIEST_CLOCK_MS - 1, LATEST_CLOCK_MS + 1, -8.64e15, 8.64e15, 0, Date.UTC(9999, 11, 31)]

const instant = fc.oneof(
  fc.constantFrom(...EDGES),
  fc.integer({ min: EARLIEST_CLOCK_MS, max: LATEST_CLOCK_MS }),
  fc.constantFrom(...OFF_RANGE),
)

export const step: fc.Arbitrary<Step> = fc.oneof(
  instant.map((at) => ({ kind: 'jump' as const, at })),
  fc.oneof(fc.integer({ min: -400 * 86_400_000, max: 400 * 86_400_000 }), fc.constantFrom(-70_000_000_000_000, 8.64e15)).map((ms) => ({
    kind: 'advance' as const,
    ms,
  })),
  fc.subarray(['status.read', 'usage.read', 'tools.validate'], { minLength: 1 }).map((scopes) => ({ kind: 'issue' as const, scopes })),
  fc.nat(5).map((which) => ({ kind: 'revoke' as const, which })),
  fc
    .record({
      which: fc.nat(5),
      operation: fc.constantFrom('status', 'usage', 'validate', 'unknown') as fc.Arbitrary<'status' | 'usage' | 'validate' | 'unknown'>,
    })
    .map((request) => ({ kind: 'request' as const, ...request })),
  fc.constant({ kind: 'realTime' as const }),
)

export const session = fc.array(step, { minLength: 4, maxLength: 24 })

const PATHS = { status: '/status', usage: '/usage', validate: '/tools/validate', unknown: '/nowhere' } as const

/**
 * Runs the steps; a clock move outside the range must be refused with 400
 * and leave the clock where it was.
 * @throws when a host answers a step with a status the rules do not allow.
 */
export async function runSession(host: Host, steps: readonly Step[]): Promise<void> {
  const keys: { id: string; key: string }[] = []
  for (const item of steps) {
    if (item.kind === 'jump' || item.kind === 'advance') {
      const before = ((await host.control('GET', '/clock')).body as { offsetMs: number }).offsetMs
      const change = item.kind === 'jump' ? { now: isoOrNot(item.at) } : { advanceMs: item.ms }
      const moved = await host.control('PUT', '/clock', change)
      const target = item.kind === 'jump' ? item.at : Date.now() + before + item.ms
      const inRange = target >= EARLIEST_CLOCK_MS && target <= LATEST_CLOCK_MS
      // A move to within a few seconds of an edge may cross it while the request travels: either answer is right there.
      const nearEdge = Math.min(Math.abs(target - EARLIEST_CLOCK_MS), Math.abs(target - LATEST_CLOCK_MS)) < 5000
      if (!nearEdge && moved.status !== (inRange ? 200 : 400)) {
        throw new Error(`Failed to move the clock to ${target}: ${moved.status} ${JSON.stringify(moved.body)}`)
      }
      if (moved.status === 400) {
        const after = ((await host.control('GET', '/clock')).body as { offsetMs: number }).offsetMs
        if (after !== before) throw new Error(`Failed to keep the clock: a refused move changed it from ${before} to ${after}`)
      }
    } else if (item.kind === 'realTime') {
      expectStatus(await host.control('DELETE', '/clock'), [200], 'reset the clock')
    } else if (item.kind === 'issue') {
      const issued = await host.control('POST', '/keys', { scopes: item.scopes, label: `key ${keys.length}` })
      expectStatus(issued, [201], 'issue a key')
      keys.push(issued.body as { id: string; key: string })
    } else if (item.kind === 'revoke') {
      const key = keys[item.which % Math.max(1, keys.length)]
      if (key) expectStatus(await host.control('POST', `/keys/${key.id}/revoke`), [200], 'revoke a key')
    } else {
      const key = keys[item.which % Math.max(1, keys.length)]
      if (!key) continue
      const body = item.operation === 'validate' ? { manifest: { schema: 'service.tool/v1' } } : undefined
      const answer = await host.api(key.key, item.operation === 'validate' ? 'POST' : 'GET', PATHS[item.operation], body)
      expectStatus(answer, [200, 401, 403, 404, 422, 429], `call ${PATHS[item.operation]}`)
    }
  }
}

/** An ISO instant for a jump; one the ISO pattern cannot write (a year past 9999 or before 0) is sent as it prints. */
function isoOrNot(at: number): string {
  return Math.abs(at) <= 8.64e15 ? new Date(at).toISOString() : String(at)
}

function expectStatus(answer: Answer, allowed: number[], action: string): void {
  if (!allowed.includes(answer.status)) throw new Error(`Failed to ${action}: ${answer.status} ${JSON.stringify(answer.body)}`)
}

/** A snapshot as the property compares it: without the moment of export, each store in a stable order. */
export function comparable(snapshot: unknown): unknown {
  const { exportedAt: _exportedAt, ...rest } = snapshot as Record<string, unknown>
  const sorted: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(rest)) {
    sorted[name] = Array.isArray(value) ? [...value].map((record) => JSON.stringify(record)).sort() : value
  }
  return sorted
}

/** The seed of this run: `STATE_SEED` to replay one (`given` where there is no process environment), else a fresh one, printed either way. */
export function sessionSeed(label: string, given: string | undefined = globalThis.process?.env?.STATE_SEED): number {
  const seed = given === undefined || given === '' ? Math.floor(Math.random() * 2 ** 31) : Number(given)
  console.log(`${label}: seed ${seed} (replay with STATE_SEED=${seed})`)
  return seed
}
