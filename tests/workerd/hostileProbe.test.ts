/** The team host under the probe of issue 40: the same Host rule, bearer rule and escape handling as serve, and a workspace that fails to load still recoverable. */
import { evictDurableObject, runInDurableObject, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { namespace, ORIGIN, TOKEN } from './support/suite.ts'

/** A call whose body is read at once: an unread body holds a reference to the object, which then cannot be evicted. */
async function read(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await SELF.fetch(url, init)
  return new Response(await response.arrayBuffer(), response)
}

const admin = (path: string, init: RequestInit = {}, authorization = `Bearer ${TOKEN}`) =>
  read(`${ORIGIN}${path}`, { ...init, headers: { Authorization: authorization, 'Content-Type': 'application/json' } })

const codeOf = async (response: Response) => ((await response.json()) as { code: string }).code

describe('the team host under the probe', () => {
  it('refuses a foreign Host with 403 on the API and on control, as serve does', async () => {
    for (const path of ['/api/developer/v1/status', '/_developer-sandbox/clock', '/openapi.json']) {
      const refused = await SELF.fetch(`http://evil.example${path}`, { headers: { Authorization: `Bearer ${TOKEN}` } })
      expect([refused.status, await codeOf(refused)]).toEqual([403, 'host_not_allowed'])
    }
    for (const host of ['127.0.0.1:8787', 'localhost', '[::1]:8787', 'team.test']) {
      const answered = await SELF.fetch(`http://${host}/_developer-sandbox/clock`, { headers: { Authorization: `Bearer ${TOKEN}` } })
      expect(answered.status).toBe(200)
    }
  })

  it('answers a malformed escape in a workspace name with 400, not 500', async () => {
    const api = await SELF.fetch(`${ORIGIN}/workspaces/%E0%A4%A/api/developer/v1/status`)
    expect([api.status, await codeOf(api)]).toEqual([400, 'workspace_name_invalid'])
    const create = await admin('/_developer-sandbox/workspaces/%E0%A4%A', { method: 'PUT' })
    expect([create.status, await codeOf(create)]).toEqual([400, 'workspace_name_invalid'])
  })

  it('takes the bearer scheme in any case for the admin token, as serve does', async () => {
    expect((await admin('/_developer-sandbox/clock', {}, `bearer ${TOKEN}`)).status).toBe(200)
    expect((await admin('/_developer-sandbox/clock', {}, `BEARER ${TOKEN}`)).status).toBe(200)
    expect((await admin('/_developer-sandbox/clock', {}, `Basic ${TOKEN}`)).status).toBe(401)
  })

  it('keeps the admin token out of the journal wherever a request carries it', async () => {
    const headers = { 'X-Admin': TOKEN, 'X-Forwarded-Note': `was ${TOKEN}` }
    expect((await read(`${ORIGIN}/api/developer/v1/status?token=${TOKEN}`, { headers })).status).toBe(401)
    const journal = await (await admin('/_developer-sandbox/requests?limit=1')).text()
    expect(journal).toContain('token=[redacted]')
    expect(journal).toContain('"x-admin":"[redacted]"')
    expect(journal).not.toContain(TOKEN)
  })

  it('refuses a clock move off the range and keeps answering', async () => {
    const moved = await admin('/_developer-sandbox/clock', { method: 'PUT', body: JSON.stringify({ advanceMs: -70_000_000_000_000 }) })
    expect(moved.status).toBe(400)
    expect((await admin('/_developer-sandbox/state')).status).toBe(200)
  })

  it('keeps a workspace with a bad saved record answering: a request that reads it says why, and reset starts it over', async () => {
    expect((await admin('/_developer-sandbox/workspaces/broken-one', { method: 'PUT' })).status).toBe(201)
    const issue = () =>
      admin('/workspaces/broken-one/_developer-sandbox/keys', { method: 'POST', body: JSON.stringify({ scopes: ['status.read'] }) })
    const { key } = (await (await issue()).json()) as { key: string }
    const { key: other } = (await (await issue()).json()) as { key: string }
    const stub = namespace.get(namespace.idFromName('broken-one'))
    const status = (bearer: string) =>
      read(`${ORIGIN}/workspaces/broken-one/api/developer/v1/status`, { headers: { Authorization: `Bearer ${bearer}` } })
    expect((await status(key)).status).toBe(200)
    // One key record edited by hand: its scopes are no longer scopes.
    await runInDurableObject(stub, (_object, state) => {
      const [row] = state.storage.sql.exec("SELECT key FROM records WHERE store = 'keys' ORDER BY key LIMIT 1").toArray()
      state.storage.sql.exec(
        "UPDATE records SET value = json_set(value, '$.scopes', json('[\"nope\"]')) WHERE store = 'keys' AND key = ?",
        row?.key,
      )
    })
    await evictDurableObject(stub)

    // The records are read as requests need them: whichever key reads the bad record is told why, and so is every call after it.
    const answers = [await status(key), await status(other)]
    const refused = answers.find((answer) => answer.status === 503)
    expect(refused).toBeDefined()
    const problem = (await refused?.json()) as { code: string; detail: string }
    expect(problem.code).toBe('workspace_unloadable')
    expect(problem.detail).toMatch(/the saved keys record "key_[^"]+" is not a valid record: "\/scopes" must be an array of scopes/)
    expect(problem.detail).toContain('POST /workspaces/broken-one/_developer-sandbox/reset')
    expect((await admin('/workspaces/broken-one/_developer-sandbox/state')).status).toBe(503)
    expect((await admin('/workspaces/broken-one/_developer-sandbox/reset', { method: 'POST' }, 'Bearer wrong')).status).toBe(401)

    const reset = await admin('/workspaces/broken-one/_developer-sandbox/reset', { method: 'POST', body: '{}' })
    expect([reset.status, await reset.json()]).toEqual([200, { keepKeys: false, keys: 0 }])
    const { key: fresh } = (await (await issue()).json()) as { key: string }
    expect((await status(fresh)).status).toBe(200)
    await evictDurableObject(stub)
    expect((await status(fresh)).status).toBe(200)
  })

  it('finds a bad record no request reads when the state is exported', async () => {
    expect((await admin('/_developer-sandbox/workspaces/broken-two', { method: 'PUT' })).status).toBe(201)
    const issued = await admin('/workspaces/broken-two/_developer-sandbox/keys', {
      method: 'POST',
      body: JSON.stringify({ scopes: ['status.read'] }),
    })
    const { key } = (await issued.json()) as { key: string }
    const stub = namespace.get(namespace.idFromName('broken-two'))
    const bad = { projectId: 'prj_x', day: '+275760-09-13', operationId: 'getProjectStatus', requests: 1, errors: 0 }
    await runInDurableObject(stub, (_object, state) => {
      state.storage.sql.exec("INSERT INTO records (store, key, value) VALUES ('usage', '\"bad\"', ?)", JSON.stringify(bad))
    })
    await evictDurableObject(stub)
    const status = () => read(`${ORIGIN}/workspaces/broken-two/api/developer/v1/status`, { headers: { Authorization: `Bearer ${key}` } })
    expect((await status()).status).toBe(200)
    const exported = await admin('/workspaces/broken-two/_developer-sandbox/state')
    const problem = (await exported.json()) as { code: string; detail: string }
    expect([exported.status, problem.code]).toEqual([503, 'workspace_unloadable'])
    expect(problem.detail).toContain('the saved usage record "bad" is not a valid record: "/day" must be a day that exists')
    expect((await status()).status).toBe(503)
  })
})
