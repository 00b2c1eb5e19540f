/** Puts saved records, or a workspace export, into the memory store, checked as an import is. */
import { type MemoryDatabase, parseSnapshot, SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type StoreName } from '../api/core.ts'

/** The stores a user's work lives in; the catalogue (sessions, tools) is part of every new store. */
export const SAVED_STORES = ['keys', 'projects', 'usage', 'keyActivity', 'webhookEndpoints'] as const satisfies readonly StoreName[]

/**
 * Checks a workspace export (the playground's Export, or saved records read
 * as one) and puts its records in the memory store, in place of what it
 * held. The records are handed over as parsed, not copied.
 * @throws WorkspaceError or DOMException when it is not valid; nothing changes.
 */
export function loadExport(memory: MemoryDatabase, value: unknown): void {
  const snapshot = parseSnapshot(value)
  memory.load(Object.fromEntries(SAVED_STORES.map((store) => [store, snapshot[store]])))
}

/** Loads a state store's records, by store, as an export of them. */
export function loadRecords(memory: MemoryDatabase, records: ReadonlyMap<string, unknown[]>): void {
  loadExport(memory, {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    exportedAt: new Date(0).toISOString(),
    ...Object.fromEntries(SAVED_STORES.map((store) => [store, records.get(store) ?? []])),
  })
}
