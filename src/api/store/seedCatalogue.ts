import { manifestDigest } from '../domain/manifestDigest.ts'
import type { SessionEntry, ToolEntry } from './records.ts'
import { SEED_SESSIONS } from './seedSessions.ts'
import { SEED_TOOLS } from './seedTools.ts'

let toolEntries: ToolEntry[] | undefined

/** The library tools with their digests, computed once and only when a store is created. */
export function seedToolEntries(): ToolEntry[] {
  toolEntries ??= SEED_TOOLS.map((tool) => ({ ...tool, digest: manifestDigest(tool.manifest) }))
  return toolEntries
}

/** The read-only catalogue every new store starts with. */
export function seedCatalogue(): { sessions: readonly SessionEntry[]; tools: readonly ToolEntry[] } {
  return { sessions: SEED_SESSIONS, tools: seedToolEntries() }
}
