/**
 * The Developer Sandbox API as a library: one Fetch-style core plus MSW handlers,
 * usable in a browser page and in Node tests alike.
 */
import { createSandboxCore, type Sandbox, type SandboxOptions } from './core.ts'
import { createHandlers } from './msw.ts'

export interface SandboxWithHandlers extends Sandbox {
  /** MSW request handlers for `setupServer(...)` or `setupWorker(...)`. */
  handlers: ReturnType<typeof createHandlers>
}

/**
 * Creates a sandbox and its MSW handlers, with the database open and seeded.
 * @example
 * import { IDBFactory } from 'fake-indexeddb'
 * import { setupServer } from 'msw/node'
 * const sandbox = await createSandbox({ indexedDB: new IDBFactory() })
 * const server = setupServer(...sandbox.handlers)
 * server.listen()
 * const { key } = await sandbox.workspace.issueKey({ scopes: ['status.read'] })
 * await fetch('http://localhost/api/developer/v1/status', { headers: { Authorization: `Bearer ${key}` } })
 */
export async function createSandbox(options: SandboxOptions = {}): Promise<SandboxWithHandlers> {
  const sandbox = createSandboxCore(options)
  // Listing keys opens (and on first start creates and seeds) the database, so
  // a broken IndexedDB is reported here rather than as a 503 later.
  await sandbox.workspace.listKeys()
  return { ...sandbox, handlers: createHandlers(sandbox) }
}

export * from './core.ts'
export { createHandlers } from './msw.ts'
