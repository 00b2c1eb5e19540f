/**
 * Starts everything an embed needs, degrading instead of failing: blocked
 * storage means a sandbox in memory, a missing worker means requests answered
 * in the page, and the reader is told which in a sentence.
 */
import type { Sandbox } from '../../api/core.ts'
import type { SandboxClient } from '../../client/sandboxClient.ts'
import { createSandboxClient } from '../../client/sandboxClient.ts'
import type { EmbedClock } from './embedClock.ts'
import { describeNotice, errorDetail } from './embedProblem.ts'
import { openEmbedSandbox } from './openEmbedSandbox.ts'
import { type EmbedTransport, inPageClient } from './transport.ts'

export interface EmbedRuntime {
  sandbox: Sandbox
  /** Where the sandbox keeps its state: shared with other embeds of this site in IndexedDB, or this page's memory. */
  storage: 'indexeddb' | 'memory'
  client: SandboxClient
  transport: EmbedTransport
}

export async function startEmbedRuntime(clock: EmbedClock): Promise<EmbedRuntime> {
  const opened = await openEmbedSandbox(clock.now)
  const { sandbox } = opened
  if (opened.storage === 'memory') {
    // Where storage is blocked, so is the service worker: no point asking.
    return {
      sandbox,
      storage: 'memory',
      client: inPageClient(sandbox),
      transport: { kind: 'in-page', notice: describeNotice('storage-blocked', opened.reason) },
    }
  }
  let transport: EmbedTransport
  try {
    const { startWorker } = await import('./startWorker.ts')
    transport = await startWorker(sandbox)
  } catch (error) {
    transport = { kind: 'in-page', notice: describeNotice('worker-failed', errorDetail(error)) }
  }
  const client = transport.kind === 'service-worker' ? createSandboxClient() : inPageClient(sandbox)
  return { sandbox, storage: 'indexeddb', client, transport }
}
