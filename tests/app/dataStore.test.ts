import { describe, expect, it } from 'vitest'
import { createDataStore } from '../../src/app/data/dataStore.ts'
import { createSandboxClient } from '../../src/client/sandboxClient.ts'
import { ORIGIN, openTestSandbox } from './support/sandbox.ts'

/** A fetch whose answers the test releases one by one, in any order, honouring abort as fetch does. */
function heldFetch() {
  const calls: { signal: AbortSignal | undefined; release(): void }[] = []
  const fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const key = new Headers(init?.headers).get('authorization') ?? 'none'
      const signal = init?.signal ?? undefined
      signal?.addEventListener('abort', () => reject(signal.reason))
      calls.push({
        signal,
        release: () =>
          resolve(Response.json({ answeredFor: key, url: String(input) }, { headers: { 'x-request-id': `r${calls.length}` } })),
      })
    })
  return { calls, client: createSandboxClient({ origin: ORIGIN, fetch }) }
}

describe('data views: latest request wins', () => {
  it('aborts the earlier load of an operation and never shows its answer over the newer one', async () => {
    const { calls, client } = heldFetch()
    const store = createDataStore()
    const older = store.getState().load(client, 'getProjectStatus', 'svc_test_olderkey1111')
    const newer = store.getState().load(client, 'getProjectStatus', 'svc_test_newerkey2222')
    expect(calls).toHaveLength(2)
    expect(calls[0]?.signal?.aborted).toBe(true)
    expect(calls[1]?.signal?.aborted).toBe(false)

    calls[1]?.release()
    await newer
    calls[0]?.release()
    await older

    const resource = store.getState().resources.getProjectStatus
    expect(resource).toMatchObject({ loading: false, keyHint: '…2222' })
    expect(resource?.result?.body).toMatchObject({ answeredFor: 'Bearer svc_test_newerkey2222' })
  })

  it('keeps the newer answer even when the older one arrives last', async () => {
    const { calls, client } = heldFetch()
    const store = createDataStore()
    const older = store.getState().load(client, 'getProjectUsage', undefined)
    const newer = store.getState().load(client, 'getProjectUsage', 'svc_test_chosenkey3333')
    calls[0]?.release()
    await older
    expect(store.getState().resources.getProjectUsage).toMatchObject({ loading: true, result: undefined })
    calls[1]?.release()
    await newer
    expect(store.getState().resources.getProjectUsage).toMatchObject({ loading: false, keyHint: '…3333' })
  })

  it('does not abort loads of other operations', async () => {
    const { calls, client } = heldFetch()
    const store = createDataStore()
    const status = store.getState().load(client, 'getProjectStatus', undefined)
    const sessions = store.getState().load(client, 'listDeveloperSessions', undefined)
    expect(calls.map((call) => call.signal?.aborted)).toEqual([false, false])
    for (const call of calls) call.release()
    await Promise.all([status, sessions])
    expect(Object.keys(store.getState().resources).sort()).toEqual(['getProjectStatus', 'listDeveloperSessions'])
  })

  it('shows a real answer of the sandbox, key hint included', async () => {
    const { sandbox, client } = await openTestSandbox()
    const issued = await sandbox.workspace.issueKey({ scopes: ['status.read'] })
    const store = createDataStore()
    await store.getState().load(client, 'getProjectStatus', issued.key)
    const resource = store.getState().resources.getProjectStatus
    expect(resource?.result?.status).toBe(200)
    expect(resource?.keyHint).toBe(`…${issued.key.slice(-4)}`)
    await sandbox.close()
  })
})

describe('data views: the opening section loaded before the app renders', () => {
  it('lets the view adopt a preload made with its key and clock, once, without asking again', async () => {
    const { calls, client } = heldFetch()
    const store = createDataStore()
    const preloaded = store.getState().preload(client, 'getProjectStatus', 'svc_test_openkey4444', 0)
    expect(store.getState().resources.getProjectStatus).toMatchObject({ loading: true })
    expect(store.getState().adopt('getProjectStatus', 'svc_test_openkey4444', 0)).toBe(true)
    // A later mount of the view (the section opened again) loads as views always do.
    expect(store.getState().adopt('getProjectStatus', 'svc_test_openkey4444', 0)).toBe(false)
    calls[0]?.release()
    await preloaded
    expect(calls).toHaveLength(1)
    expect(store.getState().resources.getProjectStatus).toMatchObject({ loading: false, keyHint: '…4444' })
  })

  it('is not adopted by a view that would load with another key, another clock or another operation', () => {
    const { client } = heldFetch()
    const store = createDataStore()
    void store.getState().preload(client, 'getProjectStatus', 'svc_test_openkey4444', 0)
    expect(store.getState().adopt('getProjectStatus', 'svc_test_otherkey5555', 0)).toBe(false)
    void store.getState().preload(client, 'getProjectStatus', 'svc_test_openkey4444', 0)
    expect(store.getState().adopt('getProjectStatus', 'svc_test_openkey4444', 3_600_000)).toBe(false)
    void store.getState().preload(client, 'getProjectStatus', undefined, 0)
    expect(store.getState().adopt('getDeveloperProfile', undefined, 0)).toBe(false)
    expect(store.getState().adopt('getProjectStatus', undefined, 0)).toBe(true)
  })

  it('forgets preloads no view adopted once the page leaves their section, keeping their answers', async () => {
    const { calls, client } = heldFetch()
    const store = createDataStore()
    const preloaded = store.getState().preload(client, 'listDeveloperSessions', undefined, 0)
    store.getState().dropPreloads()
    expect(store.getState().adopt('listDeveloperSessions', undefined, 0)).toBe(false)
    calls[0]?.release()
    await preloaded
    expect(store.getState().resources.listDeveloperSessions?.result?.ok).toBe(true)
  })
})
