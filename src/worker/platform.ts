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
}

export interface DurableObjectState {
  storage: DurableObjectStorage
  blockConcurrencyWhile<T>(work: () => Promise<T>): Promise<T>
}

export interface DurableObjectStub {
  fetch(request: Request): Promise<Response>
}

export interface DurableObjectNamespace {
  idFromName(name: string): unknown
  get(id: unknown): DurableObjectStub
}

/** The Worker's bindings: the workspace objects, the admin secret and the CORS origins. */
export interface SandboxEnv {
  WORKSPACES: DurableObjectNamespace
  /** `wrangler secret put SANDBOX_ADMIN_TOKEN`; unset, the admin routes stay closed. */
  SANDBOX_ADMIN_TOKEN?: string
  /** Comma-separated browser origins allowed to call; unset, any http://localhost:* page. */
  SANDBOX_CORS_ORIGINS?: string
  /** The built playground (Workers static assets, run after the Worker); unset, no page is served. */
  ASSETS?: { fetch(request: Request): Promise<Response> }
}
