import type { Scope } from '../contract/scopes.ts'
import { type KeyStatus, keyStatus } from '../domain/keys.ts'
import type { KeyRecord } from '../store/records.ts'

/** A key as the workspace shows it: never the secret, never its hash. */
export interface KeySummary {
  id: string
  label: string
  lastFour: string
  projectId: string
  app: string
  environment: string
  scopes: Scope[]
  createdAt: string
  expiresAt: string
  revokedAt: string | null
  /** When the key last had a request accepted; null if never. Wait for it to go quiet before revoking an old key. */
  lastUsedAt: string | null
  status: KeyStatus
}

export function summariseKey(key: KeyRecord, now: number, lastUsedAt: number | null): KeySummary {
  return {
    id: key.id,
    label: key.label,
    lastFour: key.lastFour,
    projectId: key.projectId,
    app: key.app,
    environment: key.environment,
    scopes: [...key.scopes],
    createdAt: new Date(key.createdAt).toISOString(),
    expiresAt: new Date(key.expiresAt).toISOString(),
    revokedAt: key.revokedAt === null ? null : new Date(key.revokedAt).toISOString(),
    lastUsedAt: lastUsedAt === null ? null : new Date(lastUsedAt).toISOString(),
    status: keyStatus(key, now),
  }
}
