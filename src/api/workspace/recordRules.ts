/**
 * What each stored record may hold, member by member: the one check of a
 * record, whether it comes in with an import (`snapshot.ts`) or is read back
 * from a durable host's saved state.
 */
import { isScope } from '../contract/scopes.ts'
import { RATE_LIMIT } from '../domain/rateLimit.ts'
import { isOperationId } from '../operations/registry.ts'

/** The stores a user's records live in, in the order a snapshot is checked. */
export const RECORD_STORES = ['keys', 'projects', 'usage', 'keyActivity', 'webhookEndpoints'] as const
export type RecordStore = (typeof RECORD_STORES)[number]

/** A member's rule: true when the value is allowed, with what it must be for the message. */
type Rule = [check: (value: unknown) => boolean, expected: string, optional?: 'optional']

export const isString = (v: unknown) => typeof v === 'string'
const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v)
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
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
const RECORDS: Record<RecordStore, Record<string, Rule>> = {
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
const STORED_ONLY: Partial<Record<RecordStore, ReadonlySet<string>>> = { keyActivity: new Set(['keyTag']) }

/** True for a YYYY-MM-DD that names a real day. */
function isUsageDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false
  const at = Date.parse(`${day}T00:00:00Z`)
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day
}

export const pointerToken = (token: string) => token.replaceAll('~', '~0').replaceAll('/', '~1')

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

export interface RecordBreak {
  /** JSON pointer to the member at fault, below the record's own pointer. */
  pointer: string
  /** What is wrong, naming the member. */
  reason: string
}

/** Why `record` is not one the sandbox writes to `store`, pointed at from `at`; undefined when it is. */
export function recordBreak(store: RecordStore, record: unknown, at: string): RecordBreak | undefined {
  if (!isObject(record)) return { pointer: at, reason: 'it is not an object' }
  const broken =
    firstBreak(record, RECORDS[store], at, STORED_ONLY[store]) ??
    (store === 'webhookEndpoints'
      ? firstBreak(record.latestDelivery as Record<string, unknown>, DELIVERY, `${at}/latestDelivery`)
      : undefined)
  return broken && { pointer: broken.pointer, reason: `"${broken.pointer}" ${broken.reason}` }
}
