import type { Manifest } from '../contract/manifestSchema.ts'
import type { OperationId } from '../contract/operations.ts'
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

/**
 * What one key did lately: its accepted request times within the last minute
 * (oldest first; the rate-limit window) and when it was last accepted at all.
 * Schema v2; v1 kept only the stamps, in a store named `rateLimits`.
 */
export interface KeyActivityRecord {
  keyId: string
  stamps: number[]
  /** Epoch ms of the last accepted request, or null if never used. Shown in the workspace to make rotation safe. */
  lastUsedAt: number | null
}

/** One daily UTC bucket of one operation of one project. */
export interface UsageRecord {
  projectId: string
  /** `YYYY-MM-DD`, UTC. */
  day: string
  operationId: OperationId
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
