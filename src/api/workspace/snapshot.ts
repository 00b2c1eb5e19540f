import { isScope } from '../contract/scopes.ts'
import { RATE_LIMIT } from '../domain/rateLimit.ts'
import { isOperationId } from '../operations/registry.ts'
import type { KeyActivityRecord, KeyRecord, ProjectRecord, UsageRecord, WebhookEndpointRecord } from '../store/records.ts'
import { WorkspaceError } from './WorkspaceError.ts'

export const SNAPSHOT_FORMAT = 'developer-sandbox/workspace'
export const SNAPSHOT_VERSION = 2

/** The stores a snapshot holds, in the order it is checked. */
const SNAPSHOT_STORES = ['keys', 'projects', 'usage', 'keyActivity', 'webhookEndpoints'] as const

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

/** A member's rule: true when the value is allowed, with what it must be for the message. */
type Rule = [check: (value: unknown) => boolean, expected: string, optional?: 'optional']

const isString = (v: unknown) => typeof v === 'string'
const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v)
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const own = Object.prototype.hasOwnProperty

const text: Rule = [isString, 'a string']
const instant: Rule = [isNumber, 'a number (epoch milliseconds)']
const count: Rule = [(v) => isNumber(v) && Number.isInteger(v) && (v as number) >= 0, 'a whole number from 0']
const instantOrNull: Rule = [(v) => v === null || isNumber(v), 'a number or null']
const textOrNull: Rule = [(v) => v === null || isString(v), 'a string or null']

const DELIVERY: Record<string, Rule> = {
  // The playground shows whatever status an import names, as text; only its type is held here.
  status: text,
  attemptedAt: [textOrNull[0], textOrNull[1], 'optional'],
  responseStatus: [(v) => v === null || (isNumber(v) && Number.isInteger(v)), 'a whole number or null', 'optional'],
  attempts: [count[0], count[1], 'optional'],
}

/**
 * Every member a record may have, and nothing else: a snapshot is checked as
 * strictly as a manifest, so a member the sandbox never writes (`__proto__`
 * above all) is refused rather than carried into the store.
 */
const RECORDS: Record<(typeof SNAPSHOT_STORES)[number], Record<string, Rule>> = {
  keys: {
    id: text,
    hash: [(v) => isString(v) && /^[0-9a-f]{64}$/.test(v as string), 'a hex SHA-256 (64 characters)'],
    lastFour: text,
    projectId: text,
    app: text,
    environment: text,
    scopes: [(v) => Array.isArray(v) && v.every(isScope), 'an array of scopes'],
    createdAt: instant,
    expiresAt: instant,
    revokedAt: instantOrNull,
    label: text,
  },
  projects: {
    id: text,
    slug: text,
    app: text,
    environment: text,
    createdAt: instant,
    webhookSecret: [(v) => isString(v) && (v as string).startsWith('whsec_'), 'a string starting with whsec_'],
  },
  usage: {
    projectId: text,
    day: [(v) => isString(v) && isUsageDay(v as string), 'a day that exists, YYYY-MM-DD'],
    operationId: [isOperationId, 'an operation id'],
    requests: count,
    errors: count,
  },
  keyActivity: {
    keyId: text,
    stamps: [(v) => Array.isArray(v) && v.length <= RATE_LIMIT && v.every(isNumber), `an array of at most ${RATE_LIMIT} numbers`],
    lastUsedAt: instantOrNull,
  },
  webhookEndpoints: {
    id: text,
    projectId: text,
    url: text,
    // Exports older than these members lack them; each is checked when present.
    description: [isString, 'a string', 'optional'],
    events: [(v) => Array.isArray(v) && v.every(isString), 'an array of strings', 'optional'],
    enabled: [(v) => typeof v === 'boolean', 'true or false', 'optional'],
    createdAt: [isString, 'a string', 'optional'],
    latestDelivery: [isObject, 'an object'],
  },
}

/** Members a stored record may carry that a snapshot drops (`untagged`). */
const STORED_ONLY: Partial<Record<(typeof SNAPSHOT_STORES)[number], ReadonlySet<string>>> = { keyActivity: new Set(['keyTag']) }

const TOP_LEVEL = new Set([
  'format',
  'version',
  'exportedAt',
  ...(['keys', 'projects', 'usage', 'keyActivity', 'webhookEndpoints'] as const),
])

/** True for a YYYY-MM-DD that names a real day. */
function isUsageDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false
  const at = Date.parse(`${day}T00:00:00Z`)
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day
}

const pointerToken = (token: string) => token.replaceAll('~', '~0').replaceAll('/', '~1')

/** The first member of `value` that breaks `rules`, as a pointer below `at` and a reason. */
function firstBreak(value: Record<string, unknown>, rules: Record<string, Rule>, at: string, allowed?: ReadonlySet<string>) {
  for (const name of Object.keys(value)) {
    if (!own.call(rules, name) && !allowed?.has(name))
      return { pointer: `${at}/${pointerToken(name)}`, reason: 'is not a member of this record' }
  }
  for (const [name, [check, expected, optional]] of Object.entries(rules)) {
    if (!own.call(value, name)) {
      if (optional) continue
      return { pointer: `${at}/${pointerToken(name)}`, reason: `is missing (${expected})` }
    }
    if (!check(value[name])) return { pointer: `${at}/${pointerToken(name)}`, reason: `must be ${expected}` }
  }
  return undefined
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
  if (own.call(value, 'exportedAt') && !isString(value.exportedAt)) fail('"exportedAt" must be a string.', '/exportedAt')
  for (const store of SNAPSHOT_STORES) {
    const records = value[store]
    if (!Array.isArray(records)) return fail(`"${store}" must be an array.`, `/${store}`)
    records.forEach((record, index) => {
      const at = `/${store}/${index}`
      if (!isObject(record)) fail(`${store}[${index}] is not a valid record: it is not an object.`, at)
      const broken =
        firstBreak(record, RECORDS[store], at, STORED_ONLY[store]) ??
        (store === 'webhookEndpoints'
          ? firstBreak(record.latestDelivery as Record<string, unknown>, DELIVERY, `${at}/latestDelivery`)
          : undefined)
      if (broken) fail(`${store}[${index}] is not a valid record: "${broken.pointer}" ${broken.reason}.`, broken.pointer)
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
