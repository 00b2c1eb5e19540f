import type { Manifest } from '../contract/manifestSchema.ts'
import type { Scope } from '../contract/scopes.ts'

/** A key as stored: the SHA-256 of the secret and display data, never the secret. */
export interface KeyRecord {
  id: string
  /** Lowercase hex SHA-256 of the whole key string (`svc_test_…`). */
  hash: string
  /** The last four characters of the key, so a person can tell keys apart. */
  lastFour: string
  projectId: string
  app: string
  environment: string
  scopes: Scope[]
  /** Epoch milliseconds, by the sandbox clock. */
  createdAt: number
  expiresAt: number
  revokedAt: number | null
  label: string
}

/** One app in one environment; keys of the same app and environment share it. */
export interface ProjectRecord {
  id: string
  /** `app` and `environment` joined by a NUL, unique. */
  slug: string
  app: string
  environment: string
  createdAt: number
  /** Standard Webhooks signing secret, `whsec_` + base64. Needed to sign, so it is kept. */
  webhookSecret: string
}

export type { KeyActivityRecord } from '../domain/rateLimit.ts'

/** One daily UTC bucket of one operation of one project. */
export interface UsageRecord {
  projectId: string
  /** `YYYY-MM-DD`, UTC. */
  day: string
  /** The operation's id; kept as a string so the store needs no knowledge of the operation list. */
  operationId: string
  requests: number
  errors: number
}

export interface SessionEntry {
  id: string
  title: string
  summary: string
  startsAt: string
  durationMinutes: number
  format: 'live-online' | 'recorded' | 'workshop'
  level: 'introductory' | 'intermediate' | 'advanced'
  topics: string[]
}

export interface ToolEntry {
  id: string
  manifest: Manifest
  digest: string
  reviewedAt: string
  reviewedBy: string
}

export const DELIVERY_STATUSES = ['succeeded', 'failed', 'pending', 'never_attempted'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

export interface WebhookEndpointRecord {
  id: string
  projectId: string
  url: string
  description: string
  events: string[]
  enabled: boolean
  createdAt: string
  latestDelivery: {
    status: DeliveryStatus
    attemptedAt: string | null
    responseStatus: number | null
    attempts: number
  }
}
