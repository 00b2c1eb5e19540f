import type { SessionEntry, ToolEntry } from './records.ts'
import { SEED_SESSIONS } from './seedSessions.ts'
import { SEED_TOOLS } from './seedTools.ts'

/** The read-only catalogue every new store starts with. */
export function seedCatalogue(): { sessions: readonly SessionEntry[]; tools: readonly ToolEntry[] } {
  return { sessions: SEED_SESSIONS, tools: SEED_TOOLS }
}
