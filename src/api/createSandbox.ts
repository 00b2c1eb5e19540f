import { type RandomBytes, secureRandomBytes } from './domain/random.ts'
import type { Operation } from './operations/defineOperation.ts'
import { OPERATIONS } from './operations/registry.ts'
import { type ApiAnswer, type ApiRequest, toFetchResponse } from './pipeline/exchange.ts'
import { type Faults, NO_FAULTS } from './pipeline/faults.ts'
import { createRequestHandler } from './pipeline/handleRequest.ts'
import type { RequestJournal } from './pipeline/requestJournal.ts'
import { Connection } from './store/connection.ts'
import type { Database } from './store/database.ts'
import { MemoryDatabase } from './store/memoryDatabase.ts'
import { openDatabase } from './store/openDatabase.ts'
import { ChangeFeed } from './workspace/changeFeed.ts'
import { createWorkspace, type Workspace } from './workspace/createWorkspace.ts'

export interface SandboxOptions {
  /** The IndexedDB to keep state in: the page's own by default, or any `IDBFactory` (`fake-indexeddb` in Node). */
  indexedDB?: IDBFactory
  /**
   * Keep state in this process's memory instead of IndexedDB: `true`, or a
   * `MemoryDatabase` whose commits you follow (the HTTP server persists them
   * that way). The default where there is no IndexedDB, as in Node.
   */
  memory?: true | MemoryDatabase
  /** Database name; sandboxes with the same name (tabs, instances) share keys, limits and usage. */
  databaseName?: string
  /** The clock, epoch milliseconds. Move it to watch keys expire and usage days roll. */
  now?: () => number
  /** Fault switches, read on every request; a limited `count` is taken from in place. */
  faults?: () => Faults
  /** Records every API request answered (bounded); none are recorded without one. */
  journal?: RequestJournal
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
  /**
   * The same, for hosts with their own request objects (node:http): any object
   * with `method`, `url`, `headers.get` and `body` in, plain status, headers
   * and body text out, with no Fetch objects built in between.
   */
  answer(request: ApiRequest): Promise<ApiAnswer>
  /** The developer workspace (outside the API): issue, list and revoke keys. */
  workspace: Workspace
  /** Closes the database connection; later requests answer 503. */
  close(): Promise<void>
}

export const DEFAULT_DATABASE_NAME = 'developer-sandbox'

/**
 * Creates a sandbox over IndexedDB, or in memory where there is none (Node).
 * The database opens lazily, on first use.
 * @example
 * const sandbox = createSandboxCore()
 * const { key } = await sandbox.workspace.issueKey({ scopes: ['status.read'] })
 * const response = await sandbox.handle(new Request('http://localhost/api/developer/v1/status', {
 *   headers: { Authorization: `Bearer ${key}` },
 * }))
 */
export function createSandboxCore(options: SandboxOptions = {}): Sandbox {
  const databaseName = options.databaseName ?? DEFAULT_DATABASE_NAME
  const now = options.now ?? Date.now
  const randomBytes = options.randomBytes ?? secureRandomBytes
  const connection = new Connection({ name: databaseName, open: opener(options, databaseName) })
  const changes = new ChangeFeed(databaseName)
  const answer = createRequestHandler({
    connection,
    now,
    faults: options.faults ?? (() => NO_FAULTS),
    transactionTimeoutMs: options.transactionTimeoutMs ?? 5000,
    operations: options.operations ?? OPERATIONS,
    randomBytes,
    journal: options.journal,
  })
  return {
    answer,
    handle: async (request) => toFetchResponse(await answer(request)),
    workspace: createWorkspace({ connection, now, randomBytes, changes }),
    async close() {
      changes.close()
      await connection.close()
    },
  }
}

/** How the sandbox's store opens: the memory store asked for, else the given or global IndexedDB, else memory. */
function opener(options: SandboxOptions, name: string): () => Promise<Database> {
  const factory = options.memory ? undefined : (options.indexedDB ?? globalThis.indexedDB)
  if (factory) return () => openDatabase({ indexedDB: factory, name, timeoutMs: options.openTimeoutMs ?? 3000 })
  const memory = options.memory instanceof MemoryDatabase ? options.memory : new MemoryDatabase()
  return async () => memory
}
