/** A sandbox in memory with its control handler, driven in-process as any host drives it. */
import {
  CONTROL_BASE_PATH,
  createControlHandler,
  createSandboxControls,
  createSandboxCore,
  type Sandbox,
  type SandboxControls,
  type SandboxControlsOptions,
} from '../../src/api/core.ts'

export const TOKEN = 'test-admin-token-0123456789'
export const ORIGIN = 'http://127.0.0.1:4010'

export interface Controlled {
  sandbox: Sandbox
  controls: SandboxControls
  persisted: () => number
  /** The control handler itself, as a host mounts it. */
  handle: (request: Request) => Promise<Response>
  /** Calls the control API: `control('PUT', '/clock', { advanceMs: 1 })`. */
  control(method: string, path: string, body?: unknown, init?: { token?: string | null; raw?: string }): Promise<Response>
  /** Calls the API with a key. */
  api(key: string, path: string, init?: RequestInit): Promise<Response>
}

export function controlledSandbox(options: SandboxControlsOptions = {}): Controlled {
  const controls = createSandboxControls(options)
  const sandbox = createSandboxCore({ memory: true, now: controls.clock.now, faults: controls.faults.read, journal: controls.journal })
  let persisted = 0
  const handle = createControlHandler({
    workspace: sandbox.workspace,
    controls,
    adminToken: TOKEN,
    persist: async () => {
      persisted += 1
    },
  })
  return {
    sandbox,
    controls,
    persisted: () => persisted,
    handle,
    control(method, path, body, init = {}) {
      const token = init.token === undefined ? TOKEN : init.token
      const headers: Record<string, string> = {}
      if (token !== null) headers.Authorization = `Bearer ${token}`
      const text = init.raw ?? (body === undefined ? undefined : JSON.stringify(body))
      if (text !== undefined) headers['Content-Type'] = 'application/json'
      return handle(new Request(`${ORIGIN}${CONTROL_BASE_PATH}${path}`, { method, headers, ...(text === undefined ? {} : { body: text }) }))
    },
    api(key, path, init = {}) {
      const headers = new Headers(init.headers)
      headers.set('Authorization', `Bearer ${key}`)
      return sandbox.handle(new Request(`${ORIGIN}/api/developer/v1${path}`, { ...init, headers }))
    },
  }
}
