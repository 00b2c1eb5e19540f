import { IDBFactory } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { BASE_PATH, RATE_LIMIT, SCOPES } from '../../src/api/core.ts'
import { createTestSandbox, TEST_KEY, type TestSandbox } from '../../src/testing/createTestSandbox.ts'

const call = (sandbox: TestSandbox, path: string, key: string = TEST_KEY) =>
  sandbox.handle(new Request(`http://app.test${BASE_PATH}${path}`, { headers: { Authorization: `Bearer ${key}` } }))

const opened: TestSandbox[] = []
/** Each engine the page and Node use: IndexedDB (fake-indexeddb here) and the memory store. */
const engines = [
  ['IndexedDB', () => createTestSandbox({ indexedDB: new IDBFactory() })],
  ['memory', () => createTestSandbox({ memory: true })],
] as const

afterEach(async () => {
  for (const sandbox of opened.splice(0)) await sandbox.close()
})

describe.each(engines)('createTestSandbox over %s', (_engine, create) => {
  const open = () => {
    const sandbox = create()
    opened.push(sandbox)
    return sandbox
  }

  it('registers TEST_KEY with every scope on fresh(), answering 200 with it', async () => {
    const sandbox = open()
    const issued = await sandbox.fresh()
    expect(issued.key).toBe(TEST_KEY)
    expect([...issued.scopes].sort()).toEqual([...SCOPES].sort())
    const response = await call(sandbox, '/status')
    expect(response.status).toBe(200)
    expect((await response.json()).scopes).toEqual(issued.scopes)
  })

  it('forgets every earlier key, usage and fault on fresh()', async () => {
    const sandbox = open()
    const { key: other } = await sandbox.workspace.issueKey({ scopes: ['status.read'] })
    await sandbox.fresh()
    for (let i = 0; i < 3; i++) await call(sandbox, '/status')
    sandbox.faults.authorization = 'unavailable'
    expect((await call(sandbox, '/status')).status).toBe(503)

    await sandbox.fresh({ scopes: ['usage.read'] })
    expect(sandbox.faults).toEqual({})
    expect((await call(sandbox, '/status', other)).status).toBe(401)
    const usage = await call(sandbox, '/usage')
    expect((await usage.json()).totals).toEqual({ requests: 1, errors: 0 })
  })

  it('refuses a missing scope with 403 when fresh() leaves it out', async () => {
    const sandbox = open()
    await sandbox.fresh({ scopes: ['status.read'] })
    const response = await call(sandbox, '/usage')
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ code: 'scope_missing', requiredScope: 'usage.read' })
  })

  it('starts from a fixture with the key registered beside its keys', async () => {
    const sandbox = open()
    const revoked = 'svc_test_RevokedKeyForTests0000000000000000000000000'
    await sandbox.fresh({
      app: 'shop',
      fixture: {
        keys: [{ key: revoked, app: 'shop', scopes: ['usage.read'], status: 'revoked' }],
        usage: [{ app: 'shop', daysAgo: 2, operationId: 'getProjectStatus', requests: 9 }],
      },
    })
    expect((await call(sandbox, '/status', revoked)).status).toBe(401)
    const usage = await (await call(sandbox, '/usage')).json()
    expect(usage.totals).toEqual({ requests: 9 + 1 + 1, errors: 1 })
  })

  it('spends the whole window with exhaustRateLimit, so the next request is 429 with its reset time', async () => {
    const sandbox = open()
    const { key } = await sandbox.fresh({ scopes: ['status.read'] })
    const before = Math.floor(Date.now() / 1000)
    await sandbox.exhaustRateLimit(key)
    const response = await call(sandbox, '/status', key)
    expect(response.status).toBe(429)
    expect(response.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(Number(response.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(before + 60)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
    const usage = await sandbox.workspace.listKeys()
    expect(usage[0]?.lastUsedAt).not.toBeNull()
    expect(RATE_LIMIT).toBe(120)
  })

  it('refuses to exhaust a key the sandbox does not accept, saying what it answered', async () => {
    const sandbox = open()
    await sandbox.fresh()
    await expect(sandbox.exhaustRateLimit('svc_test_UnknownKeyForTests0000000000000000000000000')).rejects.toThrow(
      'Failed to exhaust the rate limit of "…0000": the sandbox answered 401.',
    )
  })
})
