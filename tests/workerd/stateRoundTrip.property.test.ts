/**
 * The state round-trip property (tests/persistence/stateRoundTrip.property.test.ts)
 * on a workspace Durable Object: random sessions, then export, import into a
 * fresh workspace, and the object evicted and woken on its storage; all three
 * the same state. Fewer runs than on serve: each eviction waits for the object
 * to go idle. Replay a run with STATE_SEED=<seed> (passed in as a binding by vitest.config.ts).
 */
import { env, evictDurableObject, SELF } from 'cloudflare:test'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseSnapshot } from '../../src/api/core.ts'
import { type Answer, comparable, type Host, runSession, session, sessionSeed } from '../persistence/support/stateScenario.ts'
import { namespace, ORIGIN, TOKEN } from './support/suite.ts'

const SEED = sessionSeed('state round trip (workspace object)', (env as { STATE_SEED?: string }).STATE_SEED)

async function call(url: string, init: RequestInit): Promise<Answer> {
  const response = await SELF.fetch(url, init)
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : undefined }
}

/** A named workspace, created for the run, driven over the Worker as a client drives it. */
async function workspace(name: string): Promise<Host> {
  const headers = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }
  expect((await call(`${ORIGIN}/_developer-sandbox/workspaces/${name}`, { method: 'PUT', headers })).status).toBe(201)
  const json = (body: unknown) => (body === undefined ? {} : { body: JSON.stringify(body) })
  return {
    control: (method, path, body) => call(`${ORIGIN}/workspaces/${name}/_developer-sandbox${path}`, { method, headers, ...json(body) }),
    api: (key, method, path, body) =>
      call(`${ORIGIN}/workspaces/${name}/api/developer/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        ...json(body),
      }),
  }
}

describe('the state a workspace object writes', () => {
  it(`exports, imports and loads again after an eviction, whatever the clock showed (seed ${SEED})`, async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(session, async (steps) => {
        run += 1
        const name = `round-trip-${run}`
        const first = await workspace(name)
        await runSession(first, steps)
        const exported = (await first.control('GET', '/state')).body
        expect(() => parseSnapshot(exported)).not.toThrow()
        const clock = (await first.control('GET', '/clock')).body as { offsetMs: number }

        const copy = await workspace(`${name}-copy`)
        expect((await copy.control('PUT', '/state', exported)).status).toBe(200)
        expect(comparable((await copy.control('GET', '/state')).body)).toEqual(comparable(exported))

        await evictDurableObject(namespace.get(namespace.idFromName(name)))
        expect(comparable((await first.control('GET', '/state')).body)).toEqual(comparable(exported))
        expect(((await first.control('GET', '/clock')).body as { offsetMs: number }).offsetMs).toBe(clock.offsetMs)
      }),
      { seed: SEED, numRuns: 4 },
    )
  }, 120_000)
})
