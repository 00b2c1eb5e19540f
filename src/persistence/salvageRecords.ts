/**
 * What a reset that keeps keys can keep of a saved state that does not load:
 * each record such a reset keeps (keys, projects, webhook endpoints) that
 * passes the check an import makes, alone and against the others, kept as
 * its row was written; every other one named with why. Usage and rate
 * windows go in any reset, so a damaged one costs nothing and is not named.
 * A good key is never dropped: when the damaged record is the project keys
 * belong to, the salvage is refused and nothing changes.
 * See docs/decisions/043-recovering-a-damaged-workspace.md.
 */
import { recordBreak } from '../api/core.ts'
import { decodeRecord } from './recordCodec.ts'
import type { SqlConnection } from './sqlConnection.ts'
import { migrateState } from './stateSchema.ts'
import { StateStoreError } from './stateStore.ts'

/** The stores a reset with `keepKeys` keeps. */
export const KEPT_STORES = ['keys', 'projects', 'webhookEndpoints'] as const
type KeptStore = (typeof KEPT_STORES)[number]

/** One saved row as written: the store, the record's key as JSON, its value as encoded. */
export interface SavedRow {
  store: string
  key: string
  value: string
}

/** A record the salvage could not keep: its store, its id, and why. */
export interface DroppedRecord {
  store: KeptStore
  id: string
  reason: string
}

export type Salvage = { kind: 'kept'; rows: SavedRow[]; dropped: DroppedRecord[] } | { kind: 'refused'; reason: string }

interface Checked {
  row: SavedRow
  store: KeptStore
  id: string
  /** The id the record holds (a project's, which keys name), read from the value. */
  ownId: string
  projectId: string | undefined
}

const ROWS = `SELECT store, key, value FROM records WHERE store IN (${KEPT_STORES.map((store) => `'${store}'`).join(', ')}) ORDER BY store, key`

/** A record's id as its row's key names it: the key's own text when it is a JSON string. */
function idOf(key: string): string {
  try {
    const value: unknown = JSON.parse(key)
    return (typeof value === 'string' ? value : key).slice(0, 120)
  } catch {
    return key.slice(0, 120)
  }
}

/** Why one row cannot be kept on its own, or undefined when it can. */
function rowBreak(store: KeptStore, text: string): { reason: string } | { value: Record<string, unknown> } {
  let value: unknown
  try {
    value = decodeRecord(store, text)
  } catch {
    return { reason: 'it is not JSON' }
  }
  const broken = recordBreak(store, value, '')
  return broken ? { reason: `it is not a valid record: ${broken.reason}` } : { value: value as Record<string, unknown> }
}

/**
 * Reads every row a reset with `keepKeys` would keep and checks it, without writing.
 * Refused when the schema itself does not load (another format, a newer
 * version), or when a damaged project still has keys that belong to it.
 */
export function salvageRecords(sql: SqlConnection): Salvage {
  try {
    migrateState(sql)
  } catch (error) {
    if (error instanceof StateStoreError) return { kind: 'refused', reason: error.message }
    throw error
  }
  const good: Checked[] = []
  const dropped: DroppedRecord[] = []
  for (const row of sql.query(ROWS)) {
    const saved: SavedRow = { store: String(row.store), key: String(row.key), value: String(row.value) }
    const store = saved.store as KeptStore
    const id = idOf(saved.key)
    const checked = rowBreak(store, saved.value)
    if ('reason' in checked) dropped.push({ store, id, reason: checked.reason })
    else {
      const { id: ownId, projectId } = checked.value
      good.push({ row: saved, store, id, ownId: String(ownId), projectId: store === 'projects' ? undefined : String(projectId) })
    }
  }
  const projects = new Set(good.filter((record) => record.store === 'projects').map((record) => record.ownId))
  const damagedProjects = new Map(dropped.filter((record) => record.store === 'projects').map((record) => [record.id, record.reason]))
  const orphans = good.filter((record) => record.projectId !== undefined && !projects.has(record.projectId))
  const orphanedKeys = orphans.filter((record) => record.store === 'keys' && damagedProjects.has(record.projectId ?? ''))
  if (orphanedKeys.length > 0) {
    const projectId = orphanedKeys[0]?.projectId ?? ''
    const ids = orphanedKeys.filter((record) => record.projectId === projectId).map((record) => record.id)
    return {
      kind: 'refused',
      reason: `the saved project "${projectId}" ${damagedProjects.get(projectId)}, and ${ids.length === 1 ? 'the key' : 'the keys'} ${ids
        .slice(0, 10)
        .map((id) => `"${id}"`)
        .join(', ')}${ids.length > 10 ? ` and ${ids.length - 10} more` : ''} belong to it`,
    }
  }
  for (const orphan of orphans) {
    dropped.push({ store: orphan.store, id: orphan.id, reason: `it belongs to the project "${orphan.projectId}", which is not kept` })
  }
  const orphaned = new Set(orphans)
  return { kind: 'kept', rows: good.filter((record) => !orphaned.has(record)).map((record) => record.row), dropped }
}
