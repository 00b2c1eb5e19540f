/**
 * How the reader's requests reach the embed's sandbox: through fetch and the
 * MSW service worker (what the docs describe), or, where the browser allows no
 * worker, handed to the sandbox directly in the page.
 */
import type { Sandbox } from '../../api/core.ts'
import { createSandboxClient, type SandboxClient } from '../../client/sandboxClient.ts'
import type { EmbedNotice } from './embedProblem.ts'

export type EmbedTransport = { kind: 'service-worker' } | { kind: 'in-page'; notice: EmbedNotice }

/** A client whose "fetch" is the sandbox itself: same requests, same responses, no network layer. */
export function inPageClient(sandbox: Pick<Sandbox, 'handle'>): SandboxClient {
  return createSandboxClient({ fetch: (input, init) => sandbox.handle(new Request(input, init)) })
}
