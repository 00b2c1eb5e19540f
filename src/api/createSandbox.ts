import { type RandomBytes, secureRandomBytes } from './domain/random.ts'
import type { Operation } from './operations/defineOperation.ts'
import { OPERATIONS } from './operations/registry.ts'
import { type Faults, NO_FAULTS } from './pipeline/faults.ts'
import { createRequestHandler } from './pipeline/handleRequest.ts'
import { Connection } from './store/connection.ts'
import { ChangeFeed } from './workspace/changeFeed.ts'
import { createWorkspace, type Workspace } from './workspace/createWorkspace.ts'

export interface SandboxOptions {
  /** The IndexedDB to keep state in: the page's own by default, `fake-indexeddb` in Node. */
  indexedDB?: IDBFactory
  /** Database name; sandboxes with the same name (tabs, instances) share keys, limits and usage. */
  databaseName?: string
  /** The clock, epoch milliseconds. Move it to watch keys expire and usage days roll. */
  now?: () => number
  /** Fault switches, read on every request. */
  faults?: () => Faults
  /** Random source for keys, ids and secrets; `crypto.getRandomValues` by default. */
  randomBytes?: RandomBytes
  /** How long authorisation waits for the database before failing closed with 503. */
  openTimeoutMs?: number
  /** How long one request's transaction may wait behind others (another tab's) before failing closed with 503. */
  transactionTimeoutMs?: number
  /**
   * The operations to serve; every operation of the API by default. Tests
   * replace one (a failing `run`) to exercise the error path through `handle`.
   */
  operations?: readonly Operation[]
}

export interface Sandbox {
  /** The whole API as one Fetch function: `Request → Response`. No MSW needed. */
  handle(request: Request): Promise<Response>
  /** The developer workspace (outside the API): issue, list and revoke keys. */
  workspace: Workspace
  /** Closes the database connection; later requests answer 503. */
  close(): Promise<void>
}

export const DEFAULT_DATABASE_NAME = 'developer-sandbox'

/**
 * Creates a sandbox over IndexedDB. The database opens lazily, on first use.
 * @example
 * const sandbox = createSandboxCore({ indexedDB: new IDBFactory() })
 * const { key } = await sandbox.workspace.issueKey({ scopes: ['status.read'] })
 * const response = await sandbox.handle(new Request('http://localhost/api/developer/v1/status', {
 *   headers: { Authorization: `Bearer ${key}` },
 * }))
 */
export function createSandboxCore(options: SandboxOptions = {}): Sandbox {
  const factory = options.indexedDB ?? globalThis.indexedDB
  if (!factory) {
    throw new TypeError(
      'Failed to create the sandbox: no IndexedDB here. Pass { indexedDB } (in Node: new IDBFactory() from fake-indexeddb), or in Node import "fake-indexeddb/auto" before creating it (a Vitest setup file).',
    )
  }
  const databaseName = options.databaseName ?? DEFAULT_DATABASE_NAME
  const now = options.now ?? Date.now
  const randomBytes = options.randomBytes ?? secureRandomBytes
  const connection = new Connection({ indexedDB: factory, name: databaseName, timeoutMs: options.openTimeoutMs ?? 3000 })
  const changes = new ChangeFeed(databaseName)
  const handle = createRequestHandler({
    connection,
    now,
    faults: options.faults ?? (() => NO_FAULTS),
    transactionTimeoutMs: options.transactionTimeoutMs ?? 5000,
    operations: options.operations ?? OPERATIONS,
    randomBytes,
  })
  return {
    handle,
    workspace: createWorkspace({ connection, now, randomBytes, changes }),
    async close() {
      changes.close()
      await connection.close()
    },
  }
}
