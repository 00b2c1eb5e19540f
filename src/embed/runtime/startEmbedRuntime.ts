/**
 * Starts what an embed frame needs, degrading instead of failing: through
 * the site's embed service worker when the browser allows one to this frame,
 * else with the example's sandbox in memory in the page, and the reader is
 * told which in one line.
 */
import { createSandboxClient, type SandboxClient } from '../../client/sandboxClient.ts'
import { describeNotice } from './embedProblem.ts'
import type { SessionLink } from './sessionLink.ts'
import type { EmbedTransport } from './transport.ts'
import { connectWorker } from './workerLink.ts'

export interface EmbedRuntime {
  link: SessionLink
  client: SandboxClient
  transport: EmbedTransport
}

export async function startEmbedRuntime(): Promise<EmbedRuntime> {
  const connection = await connectWorker()
  if (connection.ok) return { link: connection.link, client: createSandboxClient(), transport: { kind: 'service-worker' } }
  const { inPageSession } = await import('./inPageLink.ts')
  const { link, client } = inPageSession()
  return { link, client, transport: { kind: 'in-page', notice: describeNotice(connection.reason, connection.detail) } }
}
