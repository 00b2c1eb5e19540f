/**
 * The recovery property on a team workspace: one random record of a random
 * store damaged by hand in a workspace of N keys (two projects, usage, rate
 * windows, a webhook endpoint); a reset with keepKeys then keeps every other
 * key, or is refused and changes nothing. A handful of runs: each evicts the
 * object and waits for it to go idle. Replay with STATE_SEED=<seed>.
 */
import { env, evictDurableObject, runDurableObjectAlarm, runInDurableObject, SELF } from 'cloudflare:test'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { damage, damagedValue, idOfRow, pickRow, type Row } from '../persistence/support/recordDamage.ts'
import { sessionSeed } from '../persistence/support/stateScenario.ts'
import { namespace, ORIGIN, TOKEN } from './support/suite.ts'

const SEED = sessionSeed('damaged record (workspace object)', (env as { STATE_SEED?: string }).STATE_SEED)
const HEADERS = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }

async function call(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const response = await SELF.fetch(url, init)
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : undefined }
}

const rowsOf = (name: string) =>
  runInDurableObject(namespace.get(namespace.idFromName(name)), (_object, state) =>
    state.storage.sql.exec('SELECT store, key, value FROM records ORDER BY store, key').toArray(),
  ) as Promise<Row[]>

const KEPT = new Set(['keys', 'projects', 'webhookEndpoints'])

describe('a reset with keepKeys of a team workspace with one damaged record', () => {
  it(`keeps every other key, or is refused and changes nothing (seed ${SEED})`, async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4 }), damage, async (count, hurt) => {
        run += 1
        const name = `damaged-${run}`
        const control = (method: string, path: string, body?: unknown) =>
          call(`${ORIGIN}/workspaces/${name}/_developer-sandbox${path}`, {
            method,
            headers: HEADERS,
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          })
        const status = (key: string) =>
          call(`${ORIGIN}/workspaces/${name}/api/developer/v1/status`, { headers: { Authorization: `Bearer ${key}` } })
        expect((await call(`${ORIGIN}/_developer-sandbox/workspaces/${name}`, { method: 'PUT', headers: HEADERS })).status).toBe(201)
        const keys: { id: string; key: string }[] = []
        for (let index = 0; index < count; index++) {
          const app = index % 2 === 0 ? 'shop' : 'ledger'
          keys.push((await control('POST', '/keys', { scopes: ['status.read'], app })).body as { id: string; key: string })
        }
        const exported = (await control('GET', '/state')).body as { keys: { projectId: string }[]; webhookEndpoints: unknown[] }
        const endpoint = {
          id: 'we_1',
          projectId: exported.keys[0]?.projectId,
          url: 'https://hooks.test/in',
          latestDelivery: { status: 'none' },
        }
        expect((await control('PUT', '/state', { ...exported, webhookEndpoints: [endpoint] })).status).toBe(200)
        for (const { key } of keys) expect((await status(key)).status).toBe(200)
        const stub = namespace.get(namespace.idFromName(name))
        await runDurableObjectAlarm(stub)

        const target = pickRow(await rowsOf(name), hurt)
        const edited = await runInDurableObject(stub, (_object, state) => {
          for (const value of [damagedValue(target.value, hurt), damagedValue(target.value, { ...hurt, kind: 'extraMember' })]) {
            try {
              // A store with an index refuses a value that is not JSON: its hand then adds a member instead.
              state.storage.sql.exec('UPDATE records SET value = ? WHERE store = ? AND key = ?', value, target.store, target.key)
              return value
            } catch {}
          }
          throw new Error('Failed to damage the record.')
        })
        await evictDurableObject(stub)
        const kept = (rows: Row[]) => rows.filter((row) => KEPT.has(row.store))
        const before = kept(await rowsOf(name))

        const reset = await control('POST', '/reset', { keepKeys: true })
        if (reset.status === 409) {
          expect(target.store).toBe('projects')
          expect((reset.body as { code: string }).code).toBe('keep_keys_refused')
          expect(kept(await rowsOf(name))).toEqual(before)
          return
        }
        expect(reset.status).toBe(200)
        const body = reset.body as { keys: number; dropped?: { store: string; id: string }[] }
        const droppedKey = body.dropped?.find((record) => record.store === 'keys')?.id
        // Only the damaged record is ever dropped, and only when it failed its check.
        for (const record of body.dropped ?? []) expect([record.store, record.id]).toEqual([target.store, idOfRow(target)])
        if (target.store !== 'keys') expect(droppedKey).toBeUndefined()
        expect(body.keys).toBe(count - (droppedKey ? 1 : 0))
        for (const { id, key } of keys) expect([id, (await status(key)).status]).toEqual([id, id === droppedKey ? 401 : 200])
        expect(edited).toBeTypeOf('string')
      }),
      { seed: SEED, numRuns: 4 },
    )
  })
})
