/** A real sandbox core over a private fake IndexedDB, and a typed client whose fetch is the sandbox itself. */
import { IDBFactory } from 'fake-indexeddb'
import { createSandboxCore, type Sandbox } from '../../../src/api/core.ts'
import { createSandboxClient, type SandboxClient } from '../../../src/client/sandboxClient.ts'

export const ORIGIN = 'http://sandbox.test'

export interface TestSandbox {
  sandbox: Sandbox
  client: SandboxClient
  clock: { now(): number; advance(ms: number): void }
}

export async function openTestSandbox(start = Date.UTC(2026, 10, 22, 12, 0, 0)): Promise<TestSandbox> {
  let current = start
  const clock = {
    now: () => current,
    advance: (ms: number) => {
      current += ms
    },
  }
  const sandbox = createSandboxCore({ indexedDB: new IDBFactory(), now: clock.now })
  await sandbox.workspace.listKeys()
  const client = createSandboxClient({ origin: ORIGIN, fetch: (input, init) => sandbox.handle(new Request(input, init)) })
  return { sandbox, client, clock }
}
