/**
 * A hand-writable fixture for test suites: known plaintext keys (active,
 * revoked, expired) and usage history, turned into a workspace snapshot that
 * `workspace.importState` loads all or nothing. Dates are relative to the
 * clock, so a fixture never ages out of the 30-day usage window.
 */
import { isScope, normaliseScopes, type Scope } from '../contract/scopes.ts'
import { generateId, generateWebhookSecret, KEY_LIFETIME_MS, type KeyStatus } from '../domain/keys.ts'
import { type RandomBytes, secureRandomBytes } from '../domain/random.ts'
import { sha256Hex } from '../domain/sha256.ts'
import { utcDay } from '../domain/usageDays.ts'
import { isOperationId, OPERATION_IDS, type OperationId } from '../operations/registry.ts'
import type { KeyRecord, ProjectRecord, UsageRecord } from '../store/records.ts'
import { seedWebhookEndpoints } from '../store/seedWebhookEndpoints.ts'
import { checkKeyFormat, NAME } from './checkIssueOptions.ts'
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type WorkspaceSnapshot } from './snapshot.ts'
import { WorkspaceError } from './WorkspaceError.ts'

const DAY_MS = 86_400_000

export interface FixtureKey {
  /** The plaintext key your app config uses: `svc_test_` + 43 base64url characters. Stored only as its hash. */
  key: string
  scopes: Scope[]
  /** Default `playground`; keys of one app and environment share a project, its usage and webhooks. */
  app?: string
  /** Default `sandbox`. */
  environment?: string
  label?: string
  /** Default `active` (issued now); `revoked` (issued and revoked now); `expired` (expired a day ago). */
  status?: KeyStatus
}

export interface FixtureUsage {
  app?: string
  environment?: string
  /** The UTC day, counted back from today (0) by the sandbox clock: 0 to 29 fall in the usage window. */
  daysAgo: number
  operationId: OperationId
  requests: number
  /** Default 0; at most `requests`. */
  errors?: number
}

/** What a test suite writes by hand (a JSON file or an object); see `snapshotFromFixture`. */
export interface WorkspaceFixture {
  keys?: FixtureKey[]
  usage?: FixtureUsage[]
}

export interface FixtureOptions {
  /** The sandbox's clock, epoch ms: dates in the fixture count from it. Default `Date.now()`. */
  now?: number
  /** Random source for ids and webhook secrets; `seededRandomBytes(seed)` makes them reproducible. */
  randomBytes?: RandomBytes
}

const KEY_FIELDS = new Set(['key', 'scopes', 'app', 'environment', 'label', 'status'])
const USAGE_FIELDS = new Set(['app', 'environment', 'daysAgo', 'operationId', 'requests', 'errors'])
const STATUSES: readonly KeyStatus[] = ['active', 'revoked', 'expired']

function fail(reason: string): never {
  throw new WorkspaceError('invalid_fixture', `Failed to read the workspace fixture: ${reason}`)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function records(fixture: Record<string, unknown>, name: 'keys' | 'usage', fields: Set<string>): Record<string, unknown>[] {
  const value = fixture[name] ?? []
  if (!Array.isArray(value)) fail(`"${name}" must be an array.`)
  return value.map((record, index) => {
    if (!isObject(record)) fail(`${name}[${index}] must be an object.`)
    const unknown = Object.keys(record).find((field) => !fields.has(field))
    if (unknown !== undefined) fail(`${name}[${index}] has an unknown field "${unknown.slice(0, 40)}".`)
    return record
  })
}

function name(record: Record<string, unknown>, field: 'app' | 'environment', at: string, fallback: string): string {
  const value = record[field] ?? fallback
  if (typeof value !== 'string' || !NAME.test(value)) fail(`${at}.${field} must be 1 to 63 characters of a-z, 0-9 and "-".`)
  return value
}

function count(value: unknown, at: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) fail(`${at} must be a whole number of at least 0.`)
  return value
}

/**
 * Turns a fixture into a workspace snapshot, checking every record first.
 * @throws WorkspaceError `invalid_fixture` (naming the bad record) or `invalid_key`.
 * @example
 * import fixture from './sandbox-fixture.json'
 * await sandbox.workspace.importState(snapshotFromFixture(fixture))
 */
export function snapshotFromFixture(input: unknown, options: FixtureOptions = {}): WorkspaceSnapshot {
  const now = options.now ?? Date.now()
  const randomBytes = options.randomBytes ?? secureRandomBytes
  if (!isObject(input)) fail('it must be a JSON object with "keys" and "usage".')
  const unknown = Object.keys(input).find((field) => field !== 'keys' && field !== 'usage')
  if (unknown !== undefined) fail(`unknown field "${unknown.slice(0, 40)}" (expected "keys" and "usage").`)

  const projects = new Map<string, ProjectRecord>()
  const projectOf = (app: string, environment: string, createdAt: number): ProjectRecord => {
    const slug = `${app}\u0000${environment}`
    let project = projects.get(slug)
    if (!project) {
      project = { id: generateId('prj', randomBytes), slug, app, environment, createdAt, webhookSecret: generateWebhookSecret(randomBytes) }
      projects.set(slug, project)
    }
    project.createdAt = Math.min(project.createdAt, createdAt)
    return project
  }

  const hashes = new Set<string>()
  const keys = records(input, 'keys', KEY_FIELDS).map((record, index): KeyRecord => {
    const at = `keys[${index}]`
    const key = checkKeyFormat(record.key, `read ${at} of the workspace fixture`)
    const hash = sha256Hex(key)
    if (hashes.has(hash)) fail(`${at}.key appears twice.`)
    hashes.add(hash)
    const scopes = record.scopes
    if (!Array.isArray(scopes) || scopes.length === 0 || !scopes.every(isScope))
      fail(`${at}.scopes must be a non-empty list of known scopes.`)
    const status = record.status ?? 'active'
    if (!STATUSES.includes(status as KeyStatus)) fail(`${at}.status must be one of ${STATUSES.join(', ')}.`)
    const label = record.label ?? ''
    if (typeof label !== 'string' || Array.from(label).length > 80) fail(`${at}.label must be a string of at most 80 characters.`)
    const createdAt = status === 'expired' ? now - KEY_LIFETIME_MS - DAY_MS : now
    const app = name(record, 'app', at, 'playground')
    const environment = name(record, 'environment', at, 'sandbox')
    return {
      id: generateId('key', randomBytes),
      hash,
      lastFour: key.slice(-4),
      projectId: projectOf(app, environment, createdAt).id,
      app,
      environment,
      scopes: normaliseScopes(scopes),
      createdAt,
      expiresAt: createdAt + KEY_LIFETIME_MS,
      revokedAt: status === 'revoked' ? now : null,
      label,
    }
  })

  const buckets = new Set<string>()
  const usage = records(input, 'usage', USAGE_FIELDS).map((record, index): UsageRecord => {
    const at = `usage[${index}]`
    const daysAgo = count(record.daysAgo, `${at}.daysAgo`)
    if (!isOperationId(record.operationId)) fail(`${at}.operationId must be one of ${OPERATION_IDS.join(', ')}.`)
    const requests = count(record.requests, `${at}.requests`)
    const errors = count(record.errors ?? 0, `${at}.errors`)
    if (errors > requests) fail(`${at}.errors must not exceed its requests.`)
    const project = projectOf(name(record, 'app', at, 'playground'), name(record, 'environment', at, 'sandbox'), now)
    const day = utcDay(now - daysAgo * DAY_MS)
    const bucket = `${project.id} ${day} ${record.operationId}`
    if (buckets.has(bucket)) fail(`${at} repeats the day and operation of an earlier entry.`)
    buckets.add(bucket)
    return { projectId: project.id, day, operationId: record.operationId as OperationId, requests, errors }
  })

  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    exportedAt: new Date(now).toISOString(),
    keys,
    projects: [...projects.values()],
    usage,
    keyActivity: [],
    webhookEndpoints: [...projects.values()].flatMap((project) => seedWebhookEndpoints(project)),
  }
}
