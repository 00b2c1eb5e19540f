/**
 * The API suites' harness (`tests/api/support/harness.ts`, same exports) for
 * the `api-workerd` project: each sandbox is a fresh workspace Durable
 * Object on workerd, called through its `fetch` as the Worker calls it, its
 * state in the object's SQL storage. Key issuance and record dumps run inside
 * the object, as its admin routes do.
 */
import { env, runInDurableObject } from 'cloudflare:test'
import { type SandboxOptions, SCOPES, type Scope, type Workspace } from '../../../src/api/core.ts'
import { dumpMemory } from '../../api/support/rawDatabase.ts'
import { testClock } from '../../api/support/testClock.ts'
import type { TestWorkspace } from './testWorker.ts'

export const ORIGIN = 'http://sandbox.test'
export const BASE = `${ORIGIN}/api/developer/v1`
/** The object keeps the core's memory store, so the suites expect what they expect of the memory engine. */
export const STORE_ENGINE = 'memory'
export { testClock }

interface WorkspaceNamespace {
  newUniqueId(): unknown
  get(id: unknown): DurableObjectStub<TestWorkspace>
}

export async function makeSandbox(options: SandboxOptions = {}) {
  const unsupported = (['indexedDB', 'memory', 'operations', 'randomBytes', 'databaseName'] as const).filter((name) => name in options)
  if (unsupported.length) throw new Error(`Failed to make a Durable Object sandbox: it takes no ${unsupported.join(', ')}.`)
  const clock = testClock()
  const namespace = (env as unknown as { WORKSPACES: WorkspaceNamespace }).WORKSPACES
  const stub = namespace.get(namespace.newUniqueId())
  const inside = <T>(work: (object: TestWorkspace) => T | Promise<T>) => runInDurableObject(stub, work) as Promise<T>
  await inside(async (object) => {
    await object.ready()
    object.clock = options.now ?? clock.now
    if (options.faults) object.switches = options.faults
  })
  // Each workspace call runs inside the object; key changes through the core's own issue and revoke, which save before answering.
  const workspace = new Proxy({} as Workspace, {
    get:
      (_target, name: string) =>
      (...args: unknown[]) =>
        inside((object) => {
          const core = object.loadedCore
          if (name === 'issueKey' || name === 'revokeKey') return (core[name] as (...args: unknown[]) => unknown)(...args)
          return (core.sandbox.workspace[name as keyof Workspace] as (...args: unknown[]) => unknown)(...args)
        }),
  })
  const sandbox = {
    handle: (request: Request) => stub.fetch(request) as unknown as Promise<Response>,
    workspace,
    close: () => inside((object) => object.loadedCore.close()),
  }
  const dump = () => inside((object) => dumpMemory(object.loadedCore.memory))
  async function call(path: string, init: RequestInit & { key?: string } = {}) {
    const headers = new Headers(init.headers)
    if (init.key) headers.set('Authorization', `Bearer ${init.key}`)
    const response = await sandbox.handle(new Request(`${BASE}${path}`, { ...init, headers }))
    const text = await response.text()
    return { response, status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined }
  }
  async function issue(scopes: readonly Scope[] = SCOPES, extra: { app?: string; environment?: string } = {}) {
    return workspace.issueKey({ scopes, ...extra })
  }
  return { sandbox, indexedDB: undefined, store: {}, dump, clock, call, issue }
}

export function postJson(body: unknown): RequestInit {
  return { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }
}
