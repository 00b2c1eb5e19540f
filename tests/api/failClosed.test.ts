/** When the key store cannot answer, the sandbox stays closed: 503, never 200 or 500, and nothing half-done is kept. */
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { AUTHORIZATION_RETRY_AFTER_SECONDS } from '../../src/api/contract/problemCodes.ts'
import { createSandbox, createSandboxCore, type Faults, OPERATIONS, SCOPES } from '../../src/api/index.ts'
import { DB_VERSION } from '../../src/api/store/schema.ts'
import { expectProblem, rateHeaders, validRequest } from './support/contract.ts'
import { faultyFactory, type StoreFault } from './support/faultyFactory.ts'
import { BASE, testClock } from './support/harness.ts'
import { createForeignDatabase, dumpDatabase } from './support/rawDatabase.ts'

type Handle = (request: Request) => Promise<Response>

async function send(handle: Handle, path: string, key: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('Authorization', `Bearer ${key}`)
  const response = await handle(new Request(`${BASE}${path}`, { ...init, headers }))
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown }
}

/** A healthy sandbox that owns the data, and a second instance over the same database whose store can be broken. */
async function twoInstances() {
  const real = new IDBFactory()
  const clock = testClock()
  const healthy = await createSandbox({ indexedDB: real, now: clock.now })
  const { key, id } = await healthy.workspace.issueKey({ scopes: SCOPES })
  const faulty = faultyFactory(real)
  const broken = createSandboxCore({ indexedDB: faulty.factory, now: clock.now, openTimeoutMs: 25 })
  return { real, clock, healthy, broken, faulty, key, id }
}

async function usageTotals(handle: Handle, key: string) {
  return ((await send(handle, '/usage', key)).body as { totals: { requests: number; errors: number } }).totals
}

describe('a key store that fails to open', () => {
  it.each<[string, StoreFault]>([
    ['errors on open', 'open-error'],
    ['throws from open()', 'open-throws'],
    ['never answers the open (openTimeoutMs)', 'open-hangs'],
  ])('answers 503 authorization_unavailable when IndexedDB %s, and serves again once it recovers', async (_name, fault) => {
    const { healthy, broken, faulty, key } = await twoInstances()
    expect((await send(healthy.handle, '/status', key)).status).toBe(200)
    faulty.set(fault)
    for (const operation of OPERATIONS) {
      const result = await send(broken.handle, operation.path, key, validRequest(operation))
      expectProblem(result, 503, 'authorization_unavailable')
      expect(rateHeaders(result.headers)).toMatchObject({ limit: 120, remaining: 120 })
      expect(result.headers.get('Retry-After')).toBe(String(AUTHORIZATION_RETRY_AFTER_SECONDS))
    }
    const attempts = faulty.opens
    expect(attempts).toBeGreaterThanOrEqual(OPERATIONS.length)
    faulty.set('none')
    const recovered = await send(broken.handle, '/status', key)
    expect(recovered.status).toBe(200)
    expect(faulty.opens).toBe(attempts + 1)
    // Nothing was lost and nothing refused was counted: the first 200 and this one.
    expect(await usageTotals(broken.handle, key)).toEqual({ requests: 3, errors: 0 })
    expect(rateHeaders(recovered.headers).remaining).toBe(118)
  })

  it('refuses to create a sandbox whose IndexedDB cannot open, rather than answering later', async () => {
    const faulty = faultyFactory(new IDBFactory())
    faulty.set('open-error')
    await expect(createSandbox({ indexedDB: faulty.factory })).rejects.toThrow()
  })
})

describe('a database with the wrong stores', () => {
  it.each([
    ['at version 1 (the upgrade step finds no store to migrate)', 1],
    [`at the current version ${DB_VERSION} (the request transaction throws NotFoundError)`, DB_VERSION],
  ])('answers every operation with 503 when the database is %s', async (_name, version) => {
    const factory = new IDBFactory()
    await createForeignDatabase(factory, 'developer-sandbox', version)
    const sandbox = createSandboxCore({ indexedDB: factory })
    for (const operation of OPERATIONS) {
      const result = await send(sandbox.handle, operation.path, `svc_test_${'Q'.repeat(43)}`, validRequest(operation))
      expectProblem(result, 503, 'authorization_unavailable')
    }
    await expect(sandbox.workspace.listKeys()).rejects.toThrow()
    expect(Object.keys(await dumpDatabase(factory))).toEqual(['somethingElse'])
  })
})

describe('a key store that fails while writing', () => {
  it.each<[string, StoreFault]>([
    ['the transaction aborts', 'transaction-aborts'],
    ['a put throws QuotaExceededError', 'quota-exceeded'],
  ])('answers 503 when %s, commits nothing of the refused requests, and serves again after', async (_name, fault) => {
    const { real, healthy, broken, faulty, key } = await twoInstances()
    expect((await send(broken.handle, '/status', key)).status).toBe(200)
    const before = await dumpDatabase(real)
    faulty.set(fault)
    for (const operation of OPERATIONS) {
      expectProblem(await send(broken.handle, operation.path, key, validRequest(operation)), 503, 'authorization_unavailable')
    }
    // Not one stamp, not one usage count of the failed requests reached the store.
    expect(await dumpDatabase(real)).toEqual(before)
    faulty.set('none')
    const recovered = await send(broken.handle, '/status', key)
    expect(recovered.status).toBe(200)
    expect(rateHeaders(recovered.headers).remaining).toBe(118)
    expect(await usageTotals(healthy.handle, key)).toEqual({ requests: 3, errors: 0 })
  })
})

describe('the authorization fault switch', () => {
  it('answers 503 for every operation while switched on and 200 again once off, with nothing lost', async () => {
    let faults: Faults = { authorization: 'unavailable' }
    const sandbox = await createSandbox({ indexedDB: new IDBFactory(), now: testClock().now, faults: () => faults })
    const { key } = await sandbox.workspace.issueKey({ scopes: SCOPES })
    for (const operation of OPERATIONS) {
      const refused = await send(sandbox.handle, operation.path, key, validRequest(operation))
      expectProblem(refused, 503, 'authorization_unavailable')
      expect(refused.headers.get('Retry-After'), operation.operationId).toBe(String(AUTHORIZATION_RETRY_AFTER_SECONDS))
    }
    faults = { authorization: 'ok' }
    for (const operation of OPERATIONS) {
      expect((await send(sandbox.handle, operation.path, key, validRequest(operation))).status, operation.operationId).toBe(200)
    }
    const usage = (await send(sandbox.handle, '/usage', key)).body as { totals: { requests: number; errors: number } }
    // One success per operation, plus this GET /usage.
    expect(usage.totals).toEqual({ requests: OPERATIONS.length + 1, errors: 0 })
  })

  it('answers 503 rather than 401 for a well-formed key it cannot check, but still 401 for a missing key', async () => {
    const sandbox = await createSandbox({ indexedDB: new IDBFactory(), faults: () => ({ authorization: 'unavailable' }) })
    expectProblem(await send(sandbox.handle, '/status', `svc_test_${'Z'.repeat(43)}`), 503, 'authorization_unavailable')
    const missing = await sandbox.handle(new Request(`${BASE}/status`))
    expect(missing.status).toBe(401)
  })
})

describe('a closed sandbox', () => {
  it('answers 503 after close() instead of reopening the database', async () => {
    const sandbox = await createSandbox({ indexedDB: new IDBFactory() })
    const { key } = await sandbox.workspace.issueKey({ scopes: ['status.read'] })
    await sandbox.close()
    expectProblem(await send(sandbox.handle, '/status', key), 503, 'authorization_unavailable')
  })
})
