/**
 * A team workspace with a saved record damaged by hand: its refusal names its
 * own reset, a reset that keeps keys keeps every record that passes its check
 * and says what it dropped (or refuses and changes nothing), and the
 * registry's listing follows.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { namespace, ORIGIN, TOKEN } from './support/suite.ts'

async function read(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await SELF.fetch(url, init)
  return new Response(await response.arrayBuffer(), response)
}

const admin = (path: string, init: RequestInit = {}) =>
  read(`${ORIGIN}${path}`, { ...init, headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' } })

const stubOf = (name: string) => namespace.get(namespace.idFromName(name))

interface Issued {
  id: string
  key: string
}

/** A workspace with `count` keys, each used once, its counts saved. */
async function workspaceWithKeys(name: string, count: number): Promise<Issued[]> {
  expect((await admin(`/_developer-sandbox/workspaces/${name}`, { method: 'PUT' })).status).toBe(201)
  const keys: Issued[] = []
  for (let index = 0; index < count; index++) {
    const issued = await admin(`/workspaces/${name}/_developer-sandbox/keys`, {
      method: 'POST',
      body: JSON.stringify({ scopes: ['status.read'], label: `key ${index + 1}` }),
    })
    keys.push((await issued.json()) as Issued)
  }
  for (const { key } of keys) expect((await status(name, key)).status).toBe(200)
  await runDurableObjectAlarm(stubOf(name))
  return keys
}

const status = (name: string, key: string) =>
  read(`${ORIGIN}/workspaces/${name}/api/developer/v1/status`, { headers: { Authorization: `Bearer ${key}` } })

const rows = (name: string) =>
  runInDurableObject(stubOf(name), (_object, state) =>
    state.storage.sql.exec('SELECT store, key, value FROM records ORDER BY store, key').toArray(),
  )

const edit = (name: string, sql: string, ...bindings: unknown[]) =>
  runInDurableObject(stubOf(name), (_object, state) => void state.storage.sql.exec(sql, ...bindings))

const listed = async (name: string) =>
  ((await (await admin('/_developer-sandbox/workspaces')).json()) as { workspace: string; keys: number }[]).find(
    (entry) => entry.workspace === name,
  )

describe('a team workspace with a record damaged by hand', () => {
  it('keeps every other key on a reset with keepKeys, names the one it dropped, and the listing follows', async () => {
    const keys = await workspaceWithKeys('zeta', 5)
    expect((await listed('zeta'))?.keys).toBe(5)
    const [first, ...others] = keys as [Issued, ...Issued[]]
    await edit(
      'zeta',
      `UPDATE records SET value = json_set(value, '$.scopes', json('["admin.everything"]')) WHERE store = 'keys' AND key = ?`,
      JSON.stringify(first.id),
    )
    await evictDurableObject(stubOf('zeta'))

    const refused = await status('zeta', first.key)
    const problem = (await refused.json()) as { code: string; detail: string }
    expect([refused.status, problem.code]).toEqual([503, 'workspace_unloadable'])
    // The named workspace's own reset: the plain path would reset the default workspace.
    expect(problem.detail).toContain('POST /workspaces/zeta/_developer-sandbox/reset with the admin token')
    expect(problem.detail).not.toMatch(/POST \/_developer-sandbox\/reset/)

    // A body the reset cannot read changes nothing.
    const before = await rows('zeta')
    const badBody = await admin('/workspaces/zeta/_developer-sandbox/reset', { method: 'POST', body: '{"keepKeys":"yes"}' })
    expect(badBody.status).toBe(400)
    expect(await rows('zeta')).toEqual(before)

    const reset = await admin('/workspaces/zeta/_developer-sandbox/reset', { method: 'POST', body: '{"keepKeys":true}' })
    const body = (await reset.json()) as { keepKeys: boolean; keys: number; dropped: { store: string; id: string; reason: string }[] }
    expect([reset.status, body.keepKeys, body.keys]).toEqual([200, true, 4])
    expect(body.dropped).toEqual([{ store: 'keys', id: first.id, reason: expect.stringContaining('"/scopes" must be an array of scopes') }])
    for (const { key } of others) expect((await status('zeta', key)).status).toBe(200)
    expect((await status('zeta', first.key)).status).toBe(401)

    // The listing counts again at the object's next alarm, as it does after any reset.
    expect(await runDurableObjectAlarm(stubOf('zeta'))).toBe(true)
    expect((await listed('zeta'))?.keys).toBe(4)
    await evictDurableObject(stubOf('zeta'))
    for (const { key } of others) expect((await status('zeta', key)).status).toBe(200)
  })

  it('refuses a reset with keepKeys that would lose good keys with their damaged project, and changes nothing', async () => {
    const keys = await workspaceWithKeys('zeta-project', 2)
    await edit('zeta-project', "UPDATE records SET value = json_set(value, '$.webhookSecret', 'nope') WHERE store = 'projects'")
    await evictDurableObject(stubOf('zeta-project'))
    const before = await rows('zeta-project')

    const reset = await admin('/workspaces/zeta-project/_developer-sandbox/reset', { method: 'POST', body: '{"keepKeys":true}' })
    const problem = (await reset.json()) as { code: string; detail: string }
    expect([reset.status, problem.code]).toEqual([409, 'keep_keys_refused'])
    expect(problem.detail).toMatch(/the saved project "prj_[^"]+" it is not a valid record: "\/webhookSecret"/)
    for (const { id } of keys) expect(problem.detail).toContain(`"${id}"`)
    expect(problem.detail).toContain('Nothing was changed')
    const kept = (list: Record<string, unknown>[]) => list.filter((row) => row.store !== 'usage' && row.store !== 'keyActivity')
    expect(kept(await rows('zeta-project'))).toEqual(kept(before))

    // Starting over stays open to the admin.
    const over = await admin('/workspaces/zeta-project/_developer-sandbox/reset', { method: 'POST', body: '{}' })
    expect([over.status, await over.json()]).toEqual([200, { keepKeys: false, keys: 0 }])
    expect(await runDurableObjectAlarm(stubOf('zeta-project'))).toBe(true)
    expect((await listed('zeta-project'))?.keys).toBe(0)
  })

  it('names the default workspace’s plain reset path in its own refusal', async () => {
    const issued = await admin('/_developer-sandbox/keys', { method: 'POST', body: JSON.stringify({ scopes: ['status.read'] }) })
    const { id, key } = (await issued.json()) as Issued
    await edit('default', `UPDATE records SET value = json_set(value, '$.label', 7) WHERE store = 'keys' AND key = ?`, JSON.stringify(id))
    await evictDurableObject(stubOf('default'))
    const refused = await read(`${ORIGIN}/api/developer/v1/status`, { headers: { Authorization: `Bearer ${key}` } })
    const problem = (await refused.json()) as { detail: string }
    expect(refused.status).toBe(503)
    expect(problem.detail).toContain('POST /_developer-sandbox/reset with the admin token')
    const reset = await admin('/_developer-sandbox/reset', { method: 'POST', body: '{"keepKeys":true}' })
    expect((await reset.json()) as object).toMatchObject({ keepKeys: true, dropped: [{ store: 'keys', id }] })
  })
})
