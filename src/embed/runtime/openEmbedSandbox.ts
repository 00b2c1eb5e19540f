/**
 * Opens the embed's own sandbox: in IndexedDB when the browser allows it
 * (a first-party page, or a third-party frame with partitioned storage), in
 * memory when it blocks storage for this frame. An embed's state is
 * throwaway, so memory loses nothing a reader would miss.
 */
import { createSandboxCore, type Sandbox } from '../../api/core.ts'
import { errorDetail } from './embedProblem.ts'

/**
 * The embed's database. Distinct from the playground's ('developer-sandbox'),
 * so an embed on the playground's own origin (the gallery) never adds keys,
 * usage or limits to a reader's playground.
 */
export const EMBED_DATABASE_NAME = 'developer-sandbox-embed'

export type OpenedSandbox = { sandbox: Sandbox; storage: 'indexeddb' } | { sandbox: Sandbox; storage: 'memory'; reason: string }

async function opened(sandbox: Sandbox): Promise<Sandbox> {
  // Listing keys opens (and on first use creates and seeds) the database, so refusal shows here.
  await sandbox.workspace.listKeys()
  return sandbox
}

export async function openEmbedSandbox(now: () => number): Promise<OpenedSandbox> {
  try {
    if (typeof indexedDB === 'undefined' || !indexedDB) throw new Error('no IndexedDB in this browser')
    // Several embeds on one docs page open this database at once, behind the first one's upgrade: the start-up
    // open waits longer than the 3 s a request waits for authorisation before the frame settles for memory.
    const sandbox = createSandboxCore({ databaseName: EMBED_DATABASE_NAME, now, openTimeoutMs: 10_000 })
    return { sandbox: await opened(sandbox), storage: 'indexeddb' }
  } catch (error) {
    // The core's memory store: the same rules, kept only as long as the page.
    const sandbox = await opened(createSandboxCore({ memory: true, databaseName: EMBED_DATABASE_NAME, now }))
    return { sandbox, storage: 'memory', reason: errorDetail(error) }
  }
}
