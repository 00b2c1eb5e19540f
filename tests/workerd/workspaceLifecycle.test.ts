/** Workspaces as the admin manages them on workerd: listed, deleted, expired by their alarm, and refused at the Worker when unknown. */
import { env, listDurableObjectIds, runDurableObjectAlarm, runInDurableObject, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { TestWorkspace } from './support/testWorker.ts'

const TOKEN = 'workerd-suite-token'
const ORIGIN = 'http://team.test'
const DAY_MS = 86_400_000

interface Namespaces {
  WORKSPACES: DurableObjectNamespace<TestWorkspace>
  REGISTRY: DurableObjectNamespace
}
const { WORKSPACES, REGISTRY } = env as unknown as Namespaces
const stubOf = (name: string) => WORKSPACES.get(WORKSPACES.idFromName(name))

const adminAt = (url: string, init: RequestInit = {}, token = TOKEN) =>
  SELF.fetch(url, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } })
const admin = (path: string, init: RequestInit = {}, token = TOKEN) => adminAt(`${ORIGIN}/_developer-sandbox${path}`, init, token)

interface Listed {
  workspace: string
  createdAt: string
  lastUsedAt: string | null
  expiresAt: string | null
  keys: number
}

async function list(): Promise<Listed[]> {
  const response = await admin('/workspaces')
  expect(response.status).toBe(200)
  return (await response.json()) as Listed[]
}

async function create(name: string, body?: unknown): Promise<Response> {
  return admin(`/workspaces/${name}`, { method: 'PUT', ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
}

async function issue(name: string): Promise<string> {
  const issued = await adminAt(`${ORIGIN}/workspaces/${name}/_developer-sandbox/keys`, {
    method: 'POST',
    body: JSON.stringify({ scopes: ['status.read'] }),
  })
  expect(issued.status).toBe(201)
  return ((await issued.json()) as { key: string }).key
}

const status = (name: string, key?: string) =>
  SELF.fetch(`${ORIGIN}/workspaces/${name}/api/developer/v1/status`, key ? { headers: { Authorization: `Bearer ${key}` } } : {})

/** The workspace's own tables, read inside its object (which writes nothing when it has no state). */
const tables = (name: string) =>
  runInDurableObject(stubOf(name), (_object, state) =>
    state.storage.sql
      .exec("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY name")
      .toArray()
      .map((row) => row.name),
  )

async function problemCode(response: Response): Promise<{ status: number; code: string }> {
  return { status: response.status, code: ((await response.json()) as { code: string }).code }
}

describe('workspace lifecycle on workerd', () => {
  it('lists each created workspace with its creation, last use and key count', async () => {
    const created = await create('listed-a')
    expect(created.status).toBe(201)
    const body = (await created.json()) as Listed & { created: boolean }
    expect(body).toMatchObject({ workspace: 'listed-a', created: true, lastUsedAt: null, expiresAt: null, keys: 0 })
    expect(Date.parse(body.createdAt)).toBeGreaterThan(Date.now() - 60_000)
    expect((await create('listed-a')).status).toBe(200)

    const key = await issue('listed-a')
    expect((await status('listed-a', key)).status).toBe(200)
    // The object tells the registry from its save alarm.
    expect(await runDurableObjectAlarm(stubOf('listed-a'))).toBe(true)
    const entry = (await list()).find((item) => item.workspace === 'listed-a')
    expect(entry).toMatchObject({ workspace: 'listed-a', keys: 1, expiresAt: null, createdAt: body.createdAt })
    expect(Date.parse(entry?.lastUsedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(body.createdAt))
  })

  it('refuses a name nobody created at the Worker: 404 each time, and no object is made', async () => {
    const before = (await listDurableObjectIds(WORKSPACES)).length
    for (let index = 0; index < 300; index++) {
      const name = `probe-${crypto.randomUUID().slice(0, 8)}`
      const answer = await problemCode(await status(name))
      expect(answer).toEqual({ status: 404, code: 'workspace_not_found' })
    }
    const control = await SELF.fetch(`${ORIGIN}/workspaces/never-made/_developer-sandbox/keys`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    })
    expect(await problemCode(control)).toEqual({ status: 404, code: 'workspace_not_found' })
    expect((await listDurableObjectIds(WORKSPACES)).length).toBe(before)
    expect((await list()).map((item) => item.workspace)).not.toContain('never-made')
  })

  it('deletes a workspace: its key is refused at once, its storage is gone, and the name can be made afresh', async () => {
    expect((await create('doomed')).status).toBe(201)
    const key = await issue('doomed')
    expect((await status('doomed', key)).status).toBe(200)
    expect(await tables('doomed')).toEqual(['meta', 'records'])

    const deleted = await admin('/workspaces/doomed', { method: 'DELETE' })
    expect(deleted.status).toBe(204)
    expect(await problemCode(await status('doomed', key))).toEqual({ status: 404, code: 'workspace_not_found' })
    expect(await tables('doomed')).toEqual([])
    expect((await list()).map((item) => item.workspace)).not.toContain('doomed')
    expect(await problemCode(await admin('/workspaces/doomed', { method: 'DELETE' }))).toEqual({ status: 404, code: 'workspace_not_found' })

    expect((await create('doomed')).status).toBe(201)
    expect(await problemCode(await status('doomed', key))).toEqual({ status: 401, code: 'key_invalid' })
  })

  it('expires a workspace by its alarm: the registry forgets it and its storage is deleted', async () => {
    const created = await create('short-lived', { expiresInDays: 7 })
    expect(created.status).toBe(201)
    const { expiresAt } = (await created.json()) as Listed
    const expiry = Date.parse(expiresAt ?? '')
    expect(expiry - Date.now()).toBeGreaterThan(7 * DAY_MS - 60_000)
    expect(expiry - Date.now()).toBeLessThanOrEqual(7 * DAY_MS)
    expect(await runInDurableObject(stubOf('short-lived'), (_object, state) => state.storage.getAlarm())).toBe(expiry)
    const key = await issue('short-lived')

    // The save alarm a request set runs before the expiry, and keeps the workspace.
    expect((await status('short-lived', key)).status).toBe(200)
    await runDurableObjectAlarm(stubOf('short-lived'))
    expect(await runInDurableObject(stubOf('short-lived'), (_object, state) => state.storage.getAlarm())).toBe(expiry)
    expect((await status('short-lived', key)).status).toBe(200)

    await runInDurableObject(stubOf('short-lived'), (object) => {
      object.wallClockMs = expiry + 1
    })
    expect(await runDurableObjectAlarm(stubOf('short-lived'))).toBe(true)
    expect((await list()).map((item) => item.workspace)).not.toContain('short-lived')
    expect(await tables('short-lived')).toEqual([])
    expect(await problemCode(await status('short-lived', key))).toEqual({ status: 404, code: 'workspace_not_found' })
  })

  it('refuses a workspace past its expiry before its alarm runs, and creates the name afresh', async () => {
    const created = (await (await create('lapsed', { expiresInDays: 1 })).json()) as Listed
    const key = await issue('lapsed')
    const expiry = Date.parse(created.expiresAt ?? '')
    // Time passes for the object and the registry alike; the alarm has not run.
    await runInDurableObject(stubOf('lapsed'), (object) => {
      object.wallClockMs = expiry + 1
    })
    expect(await problemCode(await status('lapsed', key))).toEqual({ status: 404, code: 'workspace_not_found' })
    await runInDurableObject(REGISTRY.get(REGISTRY.idFromName('registry')), (_object, state) => {
      state.storage.sql.exec('UPDATE workspaces SET expires_at = ? WHERE name = ?', Date.now() - 1, 'lapsed')
    })
    expect((await list()).map((item) => item.workspace)).not.toContain('lapsed')

    const again = await create('lapsed')
    expect(again.status).toBe(201)
    expect(((await again.json()) as Listed & { created: boolean }).expiresAt).toBeNull()
    expect(await problemCode(await status('lapsed', key))).toEqual({ status: 401, code: 'key_invalid' })
    expect((await list()).find((item) => item.workspace === 'lapsed')).toMatchObject({ expiresAt: null, keys: 0 })
  })

  it('sets a new expiry on an existing workspace, and none when the body asks for none', async () => {
    expect((await create('renewed')).status).toBe(201)
    const renewed = await create('renewed', { expiresInDays: 30 })
    expect(renewed.status).toBe(200)
    const body = (await renewed.json()) as Listed & { created: boolean }
    expect(body.created).toBe(false)
    expect(Date.parse(body.expiresAt ?? '') - Date.now()).toBeGreaterThan(29 * DAY_MS)
    expect((await list()).find((item) => item.workspace === 'renewed')?.expiresAt).toBe(body.expiresAt)
  })

  it('refuses a bad create body with 400 and a code, and creates nothing', async () => {
    for (const [body, code] of [
      ['{"expiresInDays": 0}', 'invalid_body'],
      ['{"expiresInDays": 1.5}', 'invalid_body'],
      ['{"expiresInDays": 366}', 'invalid_body'],
      ['{"expires": 3}', 'invalid_body'],
      ['{not json', 'invalid_json'],
    ] as const) {
      const answer = await admin('/workspaces/bad-body', { method: 'PUT', body })
      expect(await problemCode(answer)).toEqual({ status: 400, code })
    }
    expect((await list()).map((item) => item.workspace)).not.toContain('bad-body')
    expect(await problemCode(await status('bad-body'))).toEqual({ status: 404, code: 'workspace_not_found' })
  })

  it('keeps the default workspace, refuses a bad name, and lets only the admin list, create or delete', async () => {
    expect(await problemCode(await admin('/workspaces/default', { method: 'DELETE' }))).toEqual({
      status: 409,
      code: 'workspace_is_default',
    })
    expect(await problemCode(await create('default'))).toEqual({ status: 409, code: 'workspace_is_default' })
    expect(await problemCode(await create('Not_A_Name'))).toEqual({ status: 400, code: 'workspace_name_invalid' })
    expect((await create('guarded')).status).toBe(201)
    for (const [path, method] of [
      ['/workspaces', 'GET'],
      ['/workspaces/guarded', 'DELETE'],
      ['/workspaces/other', 'PUT'],
    ] as const) {
      expect(await problemCode(await admin(path, { method }, 'wrong'))).toEqual({ status: 401, code: 'admin_token_invalid' })
    }
    const names = (await list()).map((item) => item.workspace)
    expect(names).toContain('guarded')
    expect(names).not.toContain('other')
    expect(await problemCode(await admin('/workspaces', { method: 'POST' }))).toEqual({ status: 405, code: 'method_not_allowed' })
  })
})

describe('the workspace routes as the control document describes them', () => {
  it('answers 401 on each without the token, and 405 with the documented methods in Allow', async () => {
    const { buildControlOpenApiDocument } = await import('../../src/api/core.ts')
    const paths = Object.entries(buildControlOpenApiDocument().paths).filter(([path]) => path.startsWith('/workspaces'))
    expect(paths.map(([path]) => path)).toEqual(['/workspaces', '/workspaces/{name}'])
    expect((await create('documented')).status).toBe(201)
    for (const [path, item] of paths) {
      const url = path.replace('{name}', 'documented')
      const methods = Object.keys(item).filter((key) => key !== 'description')
      for (const method of methods) {
        const refused = await admin(url, { method: method.toUpperCase() }, 'wrong')
        expect(await problemCode(refused), `${method} ${path}`).toEqual({ status: 401, code: 'admin_token_invalid' })
        expect(Object.keys((item as Record<string, { responses: object }>)[method]?.responses ?? {})).toContain('401')
      }
      const wrong = await admin(url, { method: 'PATCH' })
      expect(wrong.status, path).toBe(405)
      expect(wrong.headers.get('Allow')?.split(', ').sort(), path).toEqual(methods.map((method) => method.toUpperCase()).sort())
    }
    expect((await list()).map((item) => item.workspace)).toContain('documented')
  })
})
