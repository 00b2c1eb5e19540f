/**
 * The few parts of the Workers platform this host uses, by their shape.
 * `@cloudflare/workers-types` declares them as globals that clash with the
 * DOM's `Request`/`Response` types the rest of the package is checked
 * against, so the host names only what it touches; workerd provides the real
 * objects, and the tests in workerd (tests/worker) check them against the full types.
 */

export interface SqlStorageCursor {
  toArray(): Record<string, unknown>[]
}

export interface DurableObjectStorage {
  sql: { exec(query: string, ...bindings: unknown[]): SqlStorageCursor }
  transactionSync<T>(work: () => T): T
  setAlarm(scheduledTime: number): Promise<void>
  getAlarm(): Promise<number | null>
  deleteAlarm(): Promise<void>
  deleteAll(): Promise<void>
}

export interface DurableObjectState {
  storage: DurableObjectStorage
  blockConcurrencyWhile<T>(work: () => Promise<T>): Promise<T>
}

export interface DurableObjectStub {
  fetch(request: Request): Promise<Response>
}

export interface DurableObjectNamespace<Stub = DurableObjectStub> {
  idFromName(name: string): unknown
  get(id: unknown): Stub
}

/** An object's public methods as another Worker or object calls them over RPC: each answers a promise. */
export type Remote<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never }

/** The Worker's bindings: the workspace objects, the registry of their names, the admin secret and the CORS origins. */
export interface SandboxEnv {
  WORKSPACES: DurableObjectNamespace<DurableObjectStub & Remote<import('./objectMethods.ts').WorkspaceLifecycle>>
  /** One object, `registry`, that knows every named workspace (workspaceRegistry.ts). */
  REGISTRY: DurableObjectNamespace<Remote<import('./objectMethods.ts').RegistryMethods>>
  /** `wrangler secret put DEVELOPER_SANDBOX_ADMIN_TOKEN`; unset, the admin routes stay closed. */
  DEVELOPER_SANDBOX_ADMIN_TOKEN?: string
  /** The name the token had before; read when the new one is unset, with a warning. */
  SANDBOX_ADMIN_TOKEN?: string
  /** Comma-separated browser origins allowed to call; unset, any http://localhost:* page. */
  SANDBOX_CORS_ORIGINS?: string
  /** Comma-separated Host names answered besides localhost and IP addresses (`.example.com`: it and its subdomains; `all`: any); unset, `.workers.dev`. */
  SANDBOX_ALLOWED_HOSTS?: string
  /** The built playground (Workers static assets, run after the Worker); unset, no page is served. */
  ASSETS?: { fetch(request: Request): Promise<Response> }
}

let warnedOfOldName = false

/** The admin token the Worker checks, under the one name every host reads; the old name still counts, with a warning. */
export function adminTokenOf(env: Pick<SandboxEnv, 'DEVELOPER_SANDBOX_ADMIN_TOKEN' | 'SANDBOX_ADMIN_TOKEN'>): string | undefined {
  if (env.DEVELOPER_SANDBOX_ADMIN_TOKEN) return env.DEVELOPER_SANDBOX_ADMIN_TOKEN
  if (env.SANDBOX_ADMIN_TOKEN && !warnedOfOldName) {
    warnedOfOldName = true
    console.warn('SANDBOX_ADMIN_TOKEN is read as the admin token: rename the secret to DEVELOPER_SANDBOX_ADMIN_TOKEN.')
  }
  return env.SANDBOX_ADMIN_TOKEN || undefined
}
