/**
 * The one list of named workspaces: a Durable Object of its own (`registry`),
 * its SQLite table the only record of which names the admin created. The
 * Worker asks it before it addresses a workspace's object, so a name nobody
 * created never makes storage; workspace objects report their last use and
 * key count to it from their save alarm, so a listing wakes none of them.
 * A Durable Object rather than KV: a delete must refuse the name at once,
 * and KV's reads may lag a write by a minute.
 * See docs/decisions/024-team-sandbox-on-workers.md.
 */
import { DurableObject } from 'cloudflare:workers'
import type { RegistryMethods, WorkspaceRecord } from './objectMethods.ts'
import type { DurableObjectState, SandboxEnv } from './platform.ts'

/** The registry's one instance: the name the Worker and every workspace address it by. */
export const REGISTRY_NAME = 'registry'

const SCHEMA =
  'CREATE TABLE IF NOT EXISTS workspaces (name TEXT PRIMARY KEY, created_at INTEGER NOT NULL, expires_at INTEGER, last_used_at INTEGER, keys INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID'
const COLUMNS = 'name, created_at, expires_at, last_used_at, keys'

function recordOf(row: Record<string, unknown>): WorkspaceRecord {
  const instant = (value: unknown) => (value === null || value === undefined ? null : Number(value))
  return {
    name: String(row.name),
    createdAt: Number(row.created_at),
    expiresAt: instant(row.expires_at),
    lastUsedAt: instant(row.last_used_at),
    keys: Number(row.keys),
  }
}

export class WorkspaceRegistry extends DurableObject<SandboxEnv> implements RegistryMethods {
  constructor(ctx: DurableObjectState, env: SandboxEnv) {
    super(ctx, env)
    ctx.storage.sql.exec(SCHEMA)
  }

  #query(sql: string, ...bindings: unknown[]): Record<string, unknown>[] {
    return this.ctx.storage.sql.exec(sql, ...bindings).toArray()
  }

  find(name: string): WorkspaceRecord | null {
    const row = this.#query(`SELECT ${COLUMNS} FROM workspaces WHERE name = ?`, name)[0]
    return row ? recordOf(row) : null
  }

  list(): WorkspaceRecord[] {
    return this.#query(`SELECT ${COLUMNS} FROM workspaces ORDER BY name`).map(recordOf)
  }

  add(name: string, now: number, expiresAt: number | undefined): { record: WorkspaceRecord; created: boolean } {
    let known = this.find(name)
    if (known?.expiresAt != null && known.expiresAt <= now) {
      // Expired, its alarm not yet run: created again, it is a new workspace (the object empties itself likewise).
      this.#query('DELETE FROM workspaces WHERE name = ?', name)
      known = null
    }
    if (known) {
      if (expiresAt === undefined) return { record: known, created: false }
      this.#query('UPDATE workspaces SET expires_at = ? WHERE name = ?', expiresAt, name)
      return { record: { ...known, expiresAt }, created: false }
    }
    this.#query('INSERT INTO workspaces (name, created_at, expires_at, keys) VALUES (?, ?, ?, 0)', name, now, expiresAt ?? null)
    return { record: { name, createdAt: now, expiresAt: expiresAt ?? null, lastUsedAt: null, keys: 0 }, created: true }
  }

  remove(name: string): boolean {
    const known = this.find(name) !== null
    if (known) this.#query('DELETE FROM workspaces WHERE name = ?', name)
    return known
  }

  report(name: string, lastUsedAt: number | null, keys: number): void {
    this.#query(
      'UPDATE workspaces SET last_used_at = CASE WHEN ?1 IS NULL THEN last_used_at ELSE max(coalesce(last_used_at, 0), ?1) END, keys = ?2 WHERE name = ?3',
      lastUsedAt,
      keys,
      name,
    )
  }
}
