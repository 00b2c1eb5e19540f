/**
 * The frame's own session, where the browser gives it no worker: the same
 * sandbox in memory, answered in the page. Loaded with import() only then,
 * so a frame served by the worker never evaluates the sandbox.
 */
import type { SandboxClient } from '../../client/sandboxClient.ts'
import { createExampleSession } from './exampleSession.ts'
import type { SessionLink } from './sessionLink.ts'
import { inPageClient } from './transport.ts'

export function inPageSession(): { link: SessionLink; client: SandboxClient } {
  const session = createExampleSession()
  return {
    client: inPageClient(session),
    link: {
      acquire: (scopes, renew) => session.acquire(scopes, renew),
      release: () => session.release(),
      setClockOffset: async (offsetMs) => session.setClockOffset(offsetMs),
      keys: () => session.keys(),
      close: () => undefined,
    },
  }
}
