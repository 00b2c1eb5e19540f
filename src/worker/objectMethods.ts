/**
 * What the Worker and the objects ask of each other over RPC, out of any
 * client's reach. Standalone (no imports), so the platform's bindings can
 * name them without pulling the core into every program that reads them.
 */

/** What the Worker asks of a workspace's object. */
export interface WorkspaceLifecycle {
  /** Makes the object the workspace `name` (storage and all), or sets a new expiry on it; `created` false when it was already. */
  create(name: string, expiresAt: number | undefined): Promise<{ created: boolean }>
  /** Deletes the workspace's storage and alarm; its keys are refused from this moment. */
  destroy(): Promise<void>
}

/** A named workspace as the registry keeps it; instants in epoch milliseconds. */
export interface WorkspaceRecord {
  name: string
  createdAt: number
  expiresAt: number | null
  lastUsedAt: number | null
  keys: number
}

/** What the registry object answers (see `Remote` in platform.ts). */
export interface RegistryMethods {
  find(name: string): WorkspaceRecord | null
  list(): WorkspaceRecord[]
  /** Adds a name, or on a known one sets a new expiry when one is given; answers the record and whether it was new. */
  add(name: string, now: number, expiresAt: number | undefined): { record: WorkspaceRecord; created: boolean }
  remove(name: string): boolean
  /** A workspace's latest use and key count; a name no longer listed (deleted, expired) stays unlisted. */
  report(name: string, lastUsedAt: number | null, keys: number): void
}
