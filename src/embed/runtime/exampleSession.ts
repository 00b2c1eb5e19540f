/**
 * One embedded example's sandbox: its own store in memory, its own clock
 * offset and its own key of exactly the example's scopes. Whatever runs it
 * (the site's embed service worker, or the frame itself where the browser
 * allows no worker), two examples never share a key, a rate window, usage or
 * a clock.
 */
import { createSandboxCore, type Scope } from '../../api/core.ts'
import { createKeyLease, type HeldKey, type KeyLease } from './keyLease.ts'

/** Named for the journal and errors only: a memory store opens no database of the browser's. */
const SESSION_STORE_NAME = 'developer-sandbox-embed'

export interface ExampleSession {
  /** The API, answered by this example's sandbox alone. */
  handle(request: Request): Promise<Response>
  /** The example's key (issued on first use, renewed when asked or when old); undefined for an example that sends none. */
  acquire(scopes: readonly Scope[], renew?: boolean): Promise<HeldKey | undefined>
  release(): Promise<void>
  /** Moves this sandbox's clock; 0 puts it back on real time. */
  setClockOffset(offsetMs: number): void
  /** The keys of this sandbox, without secrets: what tests and the reader may check. */
  keys(): Promise<Array<{ app: string; scopes: string[]; status: string }>>
}

export function createExampleSession(realNow: () => number = Date.now): ExampleSession {
  let offsetMs = 0
  const sandbox = createSandboxCore({ memory: true, databaseName: SESSION_STORE_NAME, now: () => realNow() + offsetMs })
  let lease: { scopes: string; lease: KeyLease } | undefined

  function leaseFor(scopes: readonly Scope[]): KeyLease {
    const wanted = scopes.join(' ')
    // A frame that asks with other scopes (another example loaded into it) gets a key of those, never a wider one kept.
    if (lease?.scopes !== wanted) {
      const previous = lease?.lease
      void previous?.release()
      lease = { scopes: wanted, lease: createKeyLease({ workspace: sandbox.workspace, scopes, now: realNow }) }
    }
    return lease.lease
  }

  return {
    handle: (request) => sandbox.handle(request),
    acquire: (scopes, renew = false) => (renew ? leaseFor(scopes).renew() : leaseFor(scopes).acquire()),
    release: async () => lease?.lease.release(),
    setClockOffset(next) {
      offsetMs = Number.isFinite(next) ? next : 0
    },
    async keys() {
      return (await sandbox.workspace.listKeys()).map((key) => ({ app: key.app, scopes: [...key.scopes], status: key.status }))
    },
  }
}
