import { isScope } from '../contract/scopes.ts'
import { RATE_LIMIT } from '../domain/rateLimit.ts'
import { isOperationId } from '../operations/registry.ts'
import type { KeyActivityRecord, KeyRecord, ProjectRecord, UsageRecord, WebhookEndpointRecord } from '../store/records.ts'
import { WorkspaceError } from './WorkspaceError.ts'

export const SNAPSHOT_FORMAT = 'developer-sandbox/workspace'
export const SNAPSHOT_VERSION = 2

/**
 * Everything a user made, as one JSON document. Keys appear as their hashes
 * and display data only: a snapshot never carries a plaintext key.
 */
export interface WorkspaceSnapshot {
  format: typeof SNAPSHOT_FORMAT
  version: typeof SNAPSHOT_VERSION
  exportedAt: string
  keys: KeyRecord[]
  projects: ProjectRecord[]
  usage: UsageRecord[]
  keyActivity: KeyActivityRecord[]
  webhookEndpoints: WebhookEndpointRecord[]
}

type Check = (value: Record<string, unknown>) => boolean

const isString = (v: unknown) => typeof v === 'string'
const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v)
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

const CHECKS: Record<'keys' | 'projects' | 'usage' | 'keyActivity' | 'webhookEndpoints', Check> = {
  keys: (k) =>
    isString(k.id) &&
    typeof k.hash === 'string' &&
    /^[0-9a-f]{64}$/.test(k.hash) &&
    isString(k.lastFour) &&
    isString(k.projectId) &&
    isString(k.app) &&
    isString(k.environment) &&
    Array.isArray(k.scopes) &&
    k.scopes.every(isScope) &&
    isNumber(k.createdAt) &&
    isNumber(k.expiresAt) &&
    (k.revokedAt === null || isNumber(k.revokedAt)) &&
    isString(k.label),
  projects: (p) =>
    isString(p.id) &&
    isString(p.slug) &&
    isString(p.app) &&
    isString(p.environment) &&
    isNumber(p.createdAt) &&
    typeof p.webhookSecret === 'string' &&
    p.webhookSecret.startsWith('whsec_'),
  usage: (u) =>
    isString(u.projectId) &&
    typeof u.day === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(u.day) &&
    isOperationId(u.operationId) &&
    isNumber(u.requests) &&
    isNumber(u.errors),
  keyActivity: (r) =>
    isString(r.keyId) &&
    Array.isArray(r.stamps) &&
    r.stamps.length <= RATE_LIMIT &&
    r.stamps.every(isNumber) &&
    (r.lastUsedAt === null || isNumber(r.lastUsedAt)),
  webhookEndpoints: (w) => isString(w.id) && isString(w.projectId) && isString(w.url) && isObject(w.latestDelivery),
}

/** Exports of version 1 kept rate-limit stamps as `rateLimits`; read them as v2 `keyActivity`. */
function upgradeSnapshot(value: Record<string, unknown>): Record<string, unknown> {
  if (value.version !== 1 || !Array.isArray(value.rateLimits)) return value
  const { rateLimits, ...rest } = value
  const keyActivity = rateLimits.map((record: unknown) =>
    isObject(record) && Array.isArray(record.stamps) ? { ...record, lastUsedAt: record.stamps.at(-1) ?? null } : record,
  )
  return { ...rest, version: 2, keyActivity }
}

/**
 * Checks an imported document before anything is written; older versions are upgraded first.
 * @throws WorkspaceError `invalid_snapshot` naming the first bad record.
 */
export function parseSnapshot(input: unknown): WorkspaceSnapshot {
  const fail = (reason: string): never => {
    throw new WorkspaceError('invalid_snapshot', `Failed to import the workspace: ${reason}`)
  }
  if (!isObject(input)) return fail('the file is not a JSON object.')
  const value = upgradeSnapshot(input)
  if (value.format !== SNAPSHOT_FORMAT) return fail(`"format" must be "${SNAPSHOT_FORMAT}".`)
  if (value.version !== SNAPSHOT_VERSION)
    return fail(`"version" ${JSON.stringify(value.version)} is not supported (expected ${SNAPSHOT_VERSION}).`)
  for (const [store, check] of Object.entries(CHECKS)) {
    const records = value[store]
    if (!Array.isArray(records)) return fail(`"${store}" must be an array.`)
    records.forEach((record, index) => {
      if (!isObject(record) || !check(record)) fail(`${store}[${index}] is not a valid record.`)
    })
  }
  const snapshot = value as unknown as WorkspaceSnapshot
  // A key whose project is missing would authenticate and then fail every
  // operation that reads its project, so dangling references are refused.
  const projectIds = new Set(snapshot.projects.map((project) => project.id))
  for (const store of ['keys', 'usage', 'webhookEndpoints'] as const) {
    snapshot[store].forEach((record, index) => {
      if (!projectIds.has(record.projectId))
        fail(`${store}[${index}] belongs to project "${record.projectId.slice(0, 80)}", which is not in the file.`)
    })
  }
  return { ...snapshot, keyActivity: snapshot.keyActivity.map(untagged) }
}

/**
 * A key's activity as a snapshot holds it: without the tag that lets a tab
 * use the key it cached (`KeyActivityRecord.keyTag`). A tag is only good in
 * the store it was written to; one carried into another store by an import
 * would vouch for a key record it never saw.
 */
export function untagged(record: KeyActivityRecord): KeyActivityRecord {
  return { keyId: record.keyId, stamps: record.stamps, lastUsedAt: record.lastUsedAt }
}
