import type { KeyActivityRecord, KeyRecord, ProjectRecord, UsageRecord, WebhookEndpointRecord } from '../store/records.ts'
import { isObject, isString, pointerToken, RECORD_STORES, recordBreak } from './recordRules.ts'
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

const TOP_LEVEL = new Set(['format', 'version', 'exportedAt', ...RECORD_STORES])

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
  const fail = (reason: string, pointer?: string): never => {
    throw new WorkspaceError('invalid_snapshot', `Failed to import the workspace: ${reason}`, pointer)
  }
  if (!isObject(input)) return fail('the file is not a JSON object.', '')
  const value = upgradeSnapshot(input)
  if (value.format !== SNAPSHOT_FORMAT) return fail(`"format" must be "${SNAPSHOT_FORMAT}".`, '/format')
  if (value.version !== SNAPSHOT_VERSION)
    return fail(`"version" ${JSON.stringify(value.version)} is not supported (expected ${SNAPSHOT_VERSION}).`, '/version')
  for (const name of Object.keys(value)) {
    if (!TOP_LEVEL.has(name)) fail(`"${name.slice(0, 80)}" is not a member of a workspace snapshot.`, `/${pointerToken(name)}`)
  }
  if (Object.hasOwn(value, 'exportedAt') && !isString(value.exportedAt)) fail('"exportedAt" must be a string.', '/exportedAt')
  for (const store of RECORD_STORES) {
    const records = value[store]
    if (!Array.isArray(records)) return fail(`"${store}" must be an array.`, `/${store}`)
    records.forEach((record, index) => {
      const broken = recordBreak(store, record, `/${store}/${index}`)
      if (broken) fail(`${store}[${index}] is not a valid record: ${broken.reason}.`, broken.pointer)
    })
  }
  const snapshot = value as unknown as WorkspaceSnapshot
  // A key whose project is missing would authenticate and then fail every
  // operation that reads its project, so dangling references are refused.
  const projectIds = new Set(snapshot.projects.map((project) => project.id))
  for (const store of ['keys', 'usage', 'webhookEndpoints'] as const) {
    snapshot[store].forEach((record, index) => {
      if (!projectIds.has(record.projectId))
        fail(
          `${store}[${index}] belongs to project "${record.projectId.slice(0, 80)}", which is not in the file.`,
          `/${store}/${index}/projectId`,
        )
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
