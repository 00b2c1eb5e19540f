/**
 * JSON Schemas of the control API's bodies: the handler validates requests
 * with validators compiled from these at build time
 * (scripts/generate-validators.mjs), its OpenAPI document embeds them, and the
 * typed client's types are derived from them.
 */
import { journalEntrySchema } from '../contract/journalSchema.ts'
import { arrayOf, bool, int, nullable, obj, str } from '../contract/schemaParts.ts'
import { SCOPES } from '../contract/scopes.ts'
import { OPERATION_IDS } from '../operations/registry.ts'

const DRAFT = 'https://json-schema.org/draft/2020-12/schema'

/** An ISO 8601 instant with a date, a time and a zone; whether the date exists is checked after. */
export const ISO_INSTANT_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})$'
export const MAX_LATENCY_MS = 120_000

export const clockChangeSchema = {
  $schema: DRAFT,
  title: 'Clock change',
  description:
    'Either `now` (jump to that instant; the clock then runs on) or `advanceMs` (move by that much, negative to go back). The clock shows only instants from 2000-01-01T00:00:00.000Z to 9998-12-31T23:59:59.999Z, so that every usage day, rate window and key expiry it makes can be stored and loaded again; a move outside is 400 and changes nothing.',
  type: 'object',
  additionalProperties: false,
  properties: {
    now: { type: 'string', pattern: ISO_INSTANT_PATTERN, description: 'The instant the sandbox clock shows from now on.' },
    advanceMs: { type: 'integer', description: 'Milliseconds to move the clock by; negative moves it back.' },
  },
  minProperties: 1,
  maxProperties: 1,
} as const

export const faultsChangeSchema = {
  $schema: DRAFT,
  title: 'Faults',
  description: 'Replaces every fault. Without `operations` every operation misbehaves; without `count`, until cleared.',
  type: 'object',
  additionalProperties: false,
  properties: {
    authorizationUnavailable: { ...bool, description: 'Authorisation fails as if its store were down: 503 authorization_unavailable.' },
    latencyMs: { type: 'integer', minimum: 0, maximum: MAX_LATENCY_MS, description: 'Delay added before each answer.' },
    operations: { type: 'array', items: { enum: OPERATION_IDS }, minItems: 1, uniqueItems: true },
    count: { type: 'integer', minimum: 1, description: 'Only the next this many matching requests misbehave.' },
  },
} as const

export const resetSchema = {
  $schema: DRAFT,
  title: 'Reset',
  type: 'object',
  additionalProperties: false,
  properties: {
    keepKeys: {
      ...bool,
      description: 'Keep keys (revocations included) and their projects; usage, rate windows, journal, faults and clock still go.',
    },
  },
} as const

export const issueKeySchema = {
  $schema: DRAFT,
  title: 'Key to issue',
  type: 'object',
  required: ['scopes'],
  additionalProperties: false,
  properties: {
    scopes: { type: 'array', items: { enum: SCOPES }, minItems: 1 },
    app: str,
    environment: str,
    label: str,
    key: {
      type: 'string',
      description: 'A fixed plaintext key (svc_test_ + 43 base64url characters) to register; stored only as its hash.',
    },
  },
} as const

export const clockStateSchema = obj({
  now: { type: 'string', format: 'date-time', description: 'What the sandbox clock shows.' },
  offsetMs: { type: 'integer', description: 'How far the sandbox clock is from real time; 0 in real time.' },
})

export const faultsStateSchema = obj({
  authorizationUnavailable: bool,
  latencyMs: int,
  operations: { ...nullable(arrayOf({ enum: OPERATION_IDS })), description: 'null: every operation.' },
  count: { ...nullable(int), description: 'Matching requests left to misbehave; null: no limit.' },
})

export const journalSchema = obj({
  requests: arrayOf(journalEntrySchema),
  total: { ...int, description: 'How many kept entries match the filters, before `limit`.' },
})

/** A saved record a reset with `keepKeys` could not keep, from a workspace whose saved state did not load. */
export const droppedRecordSchema = obj({
  store: { enum: ['keys', 'projects', 'webhookEndpoints'] },
  id: { ...str, description: 'The record’s id (a key’s id), as its saved row names it.' },
  reason: { ...str, description: 'Why it failed its check.' },
})

export const resetResultSchema = {
  type: 'object',
  required: ['keepKeys', 'keys'],
  additionalProperties: false,
  properties: {
    keepKeys: bool,
    keys: { ...int, description: 'Keys the sandbox holds now.' },
    dropped: {
      ...arrayOf(droppedRecordSchema),
      description:
        'Only from a reset with `keepKeys` of a team workspace whose saved state did not load: the records that failed their check and were not kept (every other key, project and webhook endpoint was). Usage and rate windows go in any reset and are not listed.',
    },
  },
} as const

export const stateResultSchema = obj({ keys: { ...int, description: 'Keys the sandbox holds now.' } })

export const keySummarySchema = obj({
  id: str,
  label: str,
  lastFour: str,
  projectId: str,
  app: str,
  environment: str,
  scopes: arrayOf({ enum: SCOPES }),
  createdAt: { type: 'string', format: 'date-time' },
  expiresAt: { type: 'string', format: 'date-time' },
  revokedAt: nullable({ type: 'string', format: 'date-time' }),
  lastUsedAt: nullable({ type: 'string', format: 'date-time' }),
  status: { enum: ['active', 'expired', 'revoked'] },
})

export const issuedKeySchema = {
  ...keySummarySchema,
  required: [...keySummarySchema.required, 'key'],
  properties: { ...keySummarySchema.properties, key: { type: 'string', description: 'The plaintext key: shown here once, never again.' } },
} as const

/** A workspace export (the playground's Export): checked in full on import. */
export const snapshotSchema = {
  type: 'object',
  description:
    'Checked as strictly as a manifest before anything changes: every record must have the members an export writes and no other (`__proto__` included); a refusal is 400 `invalid_snapshot` whose `errors[0].pointer` names the member.',
  required: ['format', 'version', 'keys', 'projects', 'usage', 'keyActivity', 'webhookEndpoints'],
  additionalProperties: false,
  properties: {
    format: { const: 'developer-sandbox/workspace' },
    version: { type: 'integer' },
    exportedAt: str,
    keys: { type: 'array', items: { type: 'object', additionalProperties: true } },
    projects: { type: 'array', items: { type: 'object', additionalProperties: true } },
    usage: { type: 'array', items: { type: 'object', additionalProperties: true } },
    keyActivity: { type: 'array', items: { type: 'object', additionalProperties: true } },
    webhookEndpoints: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
} as const

/** A team workspace's name: lower-case letters, digits and inner hyphens, up to 63, so it fits a subdomain or a branch-derived name. */
export const WORKSPACE_NAME_PATTERN = '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$'

/** The longest a team workspace may be created for; a longer-lived one is created without an expiry. */
export const MAX_EXPIRES_IN_DAYS = 365

export const createWorkspaceSchema = {
  $schema: DRAFT,
  title: 'Workspace to create',
  description:
    'An empty body (or `{}`) creates a workspace that lives until deleted; on an existing workspace, `expiresInDays` sets a new expiry.',
  type: 'object',
  additionalProperties: false,
  properties: {
    expiresInDays: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_EXPIRES_IN_DAYS,
      description: 'Delete the workspace, its keys and its storage this many days from now (carried out by its Durable Object).',
    },
  },
} as const

export const workspaceSummarySchema = obj({
  workspace: { ...str, description: 'The name: its URL is /workspaces/{workspace}.' },
  createdAt: { type: 'string', format: 'date-time' },
  lastUsedAt: { ...nullable({ type: 'string', format: 'date-time' }), description: 'Its last API traffic, to the minute; null: none yet.' },
  expiresAt: { ...nullable({ type: 'string', format: 'date-time' }), description: 'When it is deleted; null: never.' },
  keys: { ...int, description: 'Keys it holds (revoked and expired included), as of its last save.' },
})

export const createdWorkspaceSchema = {
  ...workspaceSummarySchema,
  required: [...workspaceSummarySchema.required, 'created'],
  properties: { ...workspaceSummarySchema.properties, created: { ...bool, description: 'false: it existed already.' } },
} as const
