import { IDBFactory } from 'fake-indexeddb'
import { createSandbox, MemoryDatabase, type SandboxOptions, SCOPES, type Scope } from '../../../src/api/index.ts'
import { dumpDatabase, dumpMemory } from './rawDatabase.ts'
import { testClock } from './testClock.ts'

export { testClock }

export const ORIGIN = 'http://sandbox.test'
export const BASE = `${ORIGIN}/api/developer/v1`

/**
 * Which store the API suites run over: a private fake IndexedDB, or with
 * `SANDBOX_STORE=memory` (the `api-memory` Vitest project) the memory store
 * the Node server uses, so one suite proves both engines keep the same rules.
 */
export const STORE_ENGINE = process.env.SANDBOX_STORE === 'memory' ? 'memory' : 'indexedDB'

/** A sandbox over a private store, plus helpers to call it. */
export async function makeSandbox(options: SandboxOptions = {}) {
  const indexedDB = options.indexedDB ?? new IDBFactory()
  const clock = testClock()
  const memory = options.indexedDB || STORE_ENGINE === 'indexedDB' ? undefined : new MemoryDatabase()
  /** The store's options: pass them to a second sandbox to share this one's store, as two tabs do. */
  const store = memory ? { memory } : { indexedDB }
  const sandbox = await createSandbox({ now: clock.now, ...options, ...store })
  /** Every record of every object store, read behind the core's back. */
  const dump = () => (memory ? dumpMemory(memory) : dumpDatabase(indexedDB))
  async function call(path: string, init: RequestInit & { key?: string } = {}) {
    const headers = new Headers(init.headers)
    if (init.key) headers.set('Authorization', `Bearer ${init.key}`)
    const response = await sandbox.handle(new Request(`${BASE}${path}`, { ...init, headers }))
    const text = await response.text()
    return { response, status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined }
  }
  async function issue(scopes: readonly Scope[] = SCOPES, extra: { app?: string; environment?: string } = {}) {
    return sandbox.workspace.issueKey({ scopes, ...extra })
  }
  return { sandbox, indexedDB, store, dump, clock, call, issue }
}

export function postJson(body: unknown): RequestInit {
  return { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }
}
